/// Frictionless app requests (legacy-sdk-facts §1.10).
extension Facebook {
    /// Turns frictionless requests on and loads the recipient cache, the first time only.
    public func enableFrictionlessRequests() {
        guard !isFrictionlessRequestsEnabled else { return }
        isFrictionlessRequestsEnabled = true
        reloadFrictionlessRecipientCache()
    }

    /// Reloads the recipients who allowed frictionless requests: a Graph GET of
    /// `me/apprequestformerrecipients`; on failure the cache stays as it was.
    public func reloadFrictionlessRecipientCache() {
        frictionlessRequest?.connection?.cancel()
        frictionlessRequest = nil
        let request = openURL(
            graphBaseURL + "me/apprequestformerrecipients",
            params: NSMutableDictionary(),
            httpMethod: "GET",
            delegate: self,
            configure: { [self] request in frictionlessRequest = request }
        )
        _ = request
    }

    func frictionlessRequestDidLoad(_ result: Any?) {
        frictionlessRequest = nil
        guard let data = (result as? [String: Any])?["data"] as? [Any] else { return }
        frictionlessRecipients = Set(
            data.compactMap { item in
                guard let recipient = (item as? [String: Any])?["recipient_id"] else { return nil }
                return (recipient as? String) ?? (recipient as? NSNumber)?.stringValue
            }
        )
    }

    /// True when `fbid` (trimmed) is a cached frictionless recipient.
    public func isFrictionlessEnabled(forRecipient fbid: Any!) -> Bool {
        guard let id = Self.recipientID(fbid) else { return false }
        return frictionlessRecipients.contains(id.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// True when every id is a cached frictionless recipient (true for an empty array). Ids may be
    /// strings or numbers; v2 threw `NSInvalidArgumentException` for anything else, here such an id
    /// simply makes the answer false (a documented deviation).
    public func isFrictionlessEnabled(forRecipients fbids: [Any]!) -> Bool {
        (fbids ?? []).allSatisfy { isFrictionlessEnabled(forRecipient: $0) }
    }

    private static func recipientID(_ value: Any?) -> String? {
        switch value {
        case let string as String: return string
        case let number as NSNumber: return number.stringValue
        default: return nil
        }
    }
}
