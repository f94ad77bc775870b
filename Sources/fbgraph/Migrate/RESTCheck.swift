import FacebookSDK

/// Whether a legacy REST call will be answered today: the REST API is gone, and the REST-to-Graph
/// bridge answers only the methods of its own table (`RESTMethodTable.methodNames`), and of FQL only
/// the patterns its translator knows (`FQLTranslator.refusal(of:)`).
struct RESTCheck {
    /// True when the call names a REST method (`withMethodName:`, `restMethod:`, a `"method"` entry
    /// of `withParams:`).
    private(set) var isRESTCall = false
    /// What will fail.
    private(set) var problems: [MigrationReport.Problem] = []

    init(shape: CallShape, symbol: LegacySymbols.Symbol, constants: [String: String]) {
        let labels = symbol.labels ?? []
        let method: String?
        if let label = labels.first(where: { $0 == "withMethodName" || $0 == "restMethod" }) {
            method = shape.literal(ofArgument: label, constants: constants)
        } else if labels.contains("withParams") {
            method = shape.literal(forKey: "method", constants: constants)
        } else {
            return
        }
        isRESTCall = true
        let bridged = RESTMethodTable.methodNames.joined(separator: ", ")
        guard let method else {
            problems.append(
                .init(
                    kind: .restMethodUnknown,
                    message: "the REST method is not a string literal or constant here; the REST API is gone, "
                        + "and the REST-to-Graph bridge answers only \(bridged)"))
            return
        }
        guard let known = RESTMethodTable.methodNames.first(where: { $0.lowercased() == method.lowercased() }) else {
            problems.append(
                .init(
                    kind: .restNotBridged,
                    message: "\(method) is not answered by the REST-to-Graph bridge (the REST API is gone; it "
                        + "fails with REST error 3); the bridge answers only \(bridged)"))
            return
        }
        guard known == "fql.query" else { return }
        guard let query = shape.literal(forKey: "query", constants: constants) else {
            problems.append(
                .init(
                    kind: .fqlQueryUnknown,
                    message: "the FQL query is not a string literal or constant here; FQL is gone, and the "
                        + "bridge translates only the patterns Migration.md lists"))
            return
        }
        if let refusal = FQLTranslator.refusal(of: query) {
            problems.append(.init(kind: .fqlNotTranslated, message: refusal))
        }
    }
}
