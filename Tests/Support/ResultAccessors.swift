// The two sides of a `Result`, as optionals, for test assertions.

extension Result {
    /// The error, or nil for a success.
    package var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// The value, or nil for a failure.
    package var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
