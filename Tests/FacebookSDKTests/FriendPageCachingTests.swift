import FacebookGraph
import Foundation
import Testing

@testable import FacebookSDK

/// What the friend cache keeps of a page, read with the package's one JSON reader (`GraphJSON`).
@Suite("Friend page caching")
struct FriendPageCachingTests {
    @Test("a cached page keeps every number exact and loses the paging links and URL secrets")
    func numbersExact() throws {
        let page = Data(
            (#"{"data":[{"id":"10153000000000001","score":123456789012345678901234567890,"#
                + #""rank":18446744073709551615,"pic":"https://cdn.test/p.jpg?access_token=SECRET&w=50"}],"#
                + #""paging":{"next":"https://graph.test/me/friends?access_token=SECRET&after=1"}}"#).utf8)
        let cached = String(decoding: try FriendListLoader.cacheable(page), as: UTF8.self)
        #expect(cached.contains(#""score":123456789012345678901234567890"#))
        #expect(cached.contains(#""rank":18446744073709551615"#))
        #expect(cached.contains(#""id":"10153000000000001""#))
        #expect(!cached.contains("SECRET") && !cached.contains("paging"))
    }

    @Test("a page that is not a JSON object with a data array is refused with the same error")
    func refused() {
        for body in ["", "[1]", #"{"data":{}}"#, #"{"data":[1]"#] {
            let error = #expect(throws: GraphError.self) { try FriendListLoader.cacheable(Data(body.utf8)) }
            #expect(error?.message.contains("a friends page is not a JSON object with a data array") == true)
        }
    }
}
