/// A value the JSON writer writes as something else (json-framework's `NSObject (SBProxyForJson)`
/// category method `proxyForJson`).
///
/// Objective-C classes overrode the category method; Swift cannot override a method that an
/// extension adds to `NSObject`, so a class states the conformance instead:
///
/// ```swift
/// final class Person: NSObject, SBProxyForJson {
///     func proxyForJson() -> Any! { ["name": name, "phone": phone] }
/// }
/// ```
public protocol SBProxyForJson {
    /// A representation of the receiver in types the writer supports: dictionaries, arrays,
    /// strings, numbers and `NSNull` (`proxyForJson`).
    func proxyForJson() -> Any!
}
