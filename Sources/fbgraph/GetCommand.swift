import FacebookGraph
import Foundation

/// `fbgraph get PATH`: one GET through the libcurl engine, the body printed on stdout.
enum GetCommand {
    static func run(_ arguments: [String], output: inout StandardStreams) -> Int32 {
        var path: String?
        var parameters: [(String, String)] = []
        var baseURL = ProcessInfo.processInfo.environment["FB_GRAPH_BASE_URL"] ?? "https://graph.facebook.com/"
        var token = ProcessInfo.processInfo.environment["FB_ACCESS_TOKEN"]
        var compact = false
        var index = 0
        func value(for option: String) -> String? {
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-h", "--help":
                output.out(Help.get)
                return ExitCode.success
            case "-p", "--param":
                guard let pair = value(for: argument), let equals = pair.firstIndex(of: "=") else {
                    output.err("error: \(argument) needs key=value")
                    return ExitCode.usage
                }
                parameters.append((String(pair[..<equals]), String(pair[pair.index(after: equals)...])))
            case "--base-url":
                guard let url = value(for: argument) else {
                    output.err("error: --base-url needs a URL")
                    return ExitCode.usage
                }
                baseURL = url
            case "--token":
                guard let given = value(for: argument) else {
                    output.err("error: --token needs a value")
                    return ExitCode.usage
                }
                token = given
            case "--compact":
                compact = true
            default:
                if argument.hasPrefix("-") || path != nil {
                    output.err("error: unexpected argument '\(argument)'\n\n\(Help.get)")
                    return ExitCode.usage
                }
                path = argument
            }
            index += 1
        }
        guard let path else {
            output.err("error: missing PATH\n\n\(Help.get)")
            return ExitCode.usage
        }
        if let token { parameters.append(("access_token", token)) }
        let url = GraphURL.make(base: baseURL, path: path, parameters: parameters)
        let request: PreparedRequest
        do {
            request = try PreparedRequest(method: "GET", url: url)
        } catch {
            output.err("error: \(error.message) [\(error.redactedURL)]")
            return ExitCode.failure
        }
        switch BlockingCall.send(request) {
        case .success(let response):
            output.out(JSONPrinter.render(response.body, compact: compact))
            if (200..<300).contains(response.status) { return ExitCode.success }
            output.err("error: HTTP \(response.status)")
            return ExitCode.failure
        case .failure(let error):
            output.err("error: \(error.code): \(error.message)")
            return ExitCode.failure
        }
    }
}

/// Builds Graph URLs: base + path + encoded query.
enum GraphURL {
    static func make(base: String, path: String, parameters: [(String, String)]) -> String {
        var url = base.hasSuffix("/") ? base : base + "/"
        url += path.hasPrefix("/") ? String(path.dropFirst()) : path
        guard !parameters.isEmpty else { return url }
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let query = parameters.map { key, value in
            let escapedKey = key.addingPercentEncoding(withAllowedCharacters: allowed) ?? key
            let escapedValue = value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
            return "\(escapedKey)=\(escapedValue)"
        }
        return url + (url.contains("?") ? "&" : "?") + query.joined(separator: "&")
    }
}

/// Runs one request on the shared engine and waits for it.
enum BlockingCall {
    static func send(_ request: PreparedRequest) -> Result<RawResponse, TransportError> {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        CurlEngine.shared.execute(request) { result in
            box.result = result
            done.signal()
        }
        done.wait()
        return box.result ?? .failure(TransportError(.transferFailed, message: "no result", url: request.url))
    }

    private final class ResultBox: @unchecked Sendable {
        var result: Result<RawResponse, TransportError>?
    }
}

/// Prints JSON bodies pretty (or compact) and anything else as text.
enum JSONPrinter {
    static func render(_ body: Data, compact: Bool) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            return String(decoding: body, as: UTF8.self)
        }
        var options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]
        if !compact { options.insert(.prettyPrinted) }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: options) else {
            return String(decoding: body, as: UTF8.self)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
