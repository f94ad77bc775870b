import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

/// The delegate path's check of the parameters after `requestLoading` (`FBRequest.holdsKnownEntries`):
/// it compares the objects `Facebook` stored with the ones the dictionary holds, so it rests on what
/// Foundation's `allKeys` and `allValues` hand out. `LegacyDeliveryTests.requestLoadingChangesParameters`
/// pins the edits a delegate makes with strings; these pin the objects.
@Suite("Legacy parameter check after requestLoading", .onOwnThread)
struct LegacyParameterCheckTests {
    @Test("allKeys and allValues hand out the stored key and value objects, paired in one order")
    func storedObjectsComeBack() throws {
        let entries = OpenURLStrings.storedEntries(token: (text: "TOKEN-1", object: NSString(string: "TOKEN-1")))
        let params = NSMutableDictionary()
        for entry in entries { params.setObject(entry.object, forKey: entry.key) }
        let keys = params.allKeys
        let values = params.allValues
        try #require(keys.count == entries.count && values.count == entries.count)
        for (key, value) in zip(keys, values) {
            let entry = try #require(entries.first { $0.key === (key as? LegacyParameterKey) }, "\(key)")
            #expect(entry.object === (value as? NSString), "\(entry.key.string) is paired with its own value object")
        }
    }

    @Test("A delegate that moves the stored value objects between keys sends what the dictionary then holds")
    func valuesMovedBetweenKeys() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        fixture.login(token: "TOKEN-1")
        final class Swapper: NSObject, FBRequestDelegate, @unchecked Sendable {
            var result: Any?
            let done = DispatchSemaphore(value: 0)
            func requestLoading(_ request: FBRequest!) {
                // The very objects Facebook stored, under each other's keys: the same keys and the
                // same value objects, paired differently.
                let params: NSMutableDictionary = request.params
                var byName: [String: (key: Any, value: Any)] = [:]
                for (key, value) in zip(params.allKeys, params.allValues) {
                    byName[(key as? NSString).map { $0 as String } ?? ""] = (key, value)
                }
                guard let format = byName["format"], let sdk = byName["sdk"],
                    let formatKey = format.key as? NSString, let sdkKey = sdk.key as? NSString
                else { return }
                params.setObject(sdk.value, forKey: formatKey)
                params.setObject(format.value, forKey: sdkKey)
            }
            func request(_ request: FBRequest!, didLoad result: Any!) {
                self.result = result
                done.signal()
            }
            func request(_ request: FBRequest!, didFailWithError error: Error!) { done.signal() }
        }
        let swapper = Swapper()
        fixture.facebook.request(withGraphPath: "get", andDelegate: swapper)
        #expect(swapper.done.wait(scaledSeconds: 10))
        let args = try #require((swapper.result as? [String: Any])?["args"] as? [String: Any])
        #expect(args["format"] as? String == "ios")
        #expect(args["sdk"] as? String == "json")
        #expect(args["access_token"] as? String == "TOKEN-1")
        #expect(args["sdk_version"] as? String == "2")
        #expect(args.count == 4)
    }

    @Test(
        "A delegate without requestLoading sends what Facebook stored; one that edits, then forwards to such a delegate, sends its edit"
    )
    func defaultRequestLoading() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        fixture.login(token: "TOKEN-1")
        final class Plain: NSObject, FBRequestDelegate, @unchecked Sendable {
            var result: Any?
            let done = DispatchSemaphore(value: 0)
            func request(_ request: FBRequest!, didLoad result: Any!) {
                self.result = result
                done.signal()
            }
            func request(_ request: FBRequest!, didFailWithError error: Error!) { done.signal() }
        }
        final class Forwarder: NSObject, FBRequestDelegate, @unchecked Sendable {
            let inner = Plain()
            func requestLoading(_ request: FBRequest!) {
                request.params.setObject("TOKEN-2", forKey: "access_token" as NSString)
                // The inner delegate's requestLoading is the protocol's own: it must not vouch for
                // parameters this object has just changed.
                inner.requestLoading(request)
            }
            func request(_ request: FBRequest!, didLoad result: Any!) { inner.request(request, didLoad: result) }
            func request(_ request: FBRequest!, didFailWithError error: Error!) {
                inner.request(request, didFailWithError: error)
            }
        }
        let plain = Plain()
        fixture.facebook.request(withGraphPath: "get", andDelegate: plain)
        #expect(plain.done.wait(scaledSeconds: 10))
        let forwarder = Forwarder()
        fixture.facebook.request(withGraphPath: "get", andDelegate: forwarder)
        #expect(forwarder.inner.done.wait(scaledSeconds: 10))
        for (result, token) in [(plain.result, "TOKEN-1"), (forwarder.inner.result, "TOKEN-2")] {
            let args = try #require((result as? [String: Any])?["args"] as? [String: Any])
            #expect(args["access_token"] as? String == token)
            #expect(args["format"] as? String == "json")
            #expect(args["sdk"] as? String == "ios")
            #expect(args["sdk_version"] as? String == "2")
            #expect(args.count == 4)
        }
    }
}
