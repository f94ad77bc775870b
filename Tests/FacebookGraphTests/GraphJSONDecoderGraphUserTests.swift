import Foundation
import Testing

@testable import FacebookGraph

/// `GraphJSONDecoder` reads `GraphUser` straight from its tape (GraphJSONTape+GraphUser.swift) where
/// the shape allows and through `init(from:)` otherwise: these pin that the two give the same user or
/// the same error, to the error's description and coding path, on every shape they meet.
@Suite("GraphJSONDecoder: GraphUser read from the tape as init(from:) reads it")
struct GraphJSONDecoderGraphUserTests {
    /// A `GraphUser` decoded through `init(from:)` with a `Decoder`: what the direct reader must match.
    struct ThroughInit: Decodable {
        let user: GraphUser
        init(from decoder: any Decoder) throws { user = try GraphUser(from: decoder) }
    }

    /// The user, or the whole error as text (kind, type, coding path with its keys, description).
    static func outcome(_ body: () throws -> GraphUser) -> String {
        do {
            return "value \(try body())"
        } catch {
            return "error \(String(reflecting: error))"
        }
    }

    /// The direct reader, `init(from:)` on the same decoder, and `JSONDecoder` agree on `json`
    /// (a user inside an array inside an object, so that paths have keys and indexes).
    static func expectSame(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let body = Data(#"{"v":[{"id":"first"},\#(json)]}"#.utf8)
        let direct = outcome { try GraphJSONDecoder().decode(Wrapper<[GraphUser]>.self, from: body).v[1] }
        let generic = outcome { try GraphJSONDecoder().decode(Wrapper<[ThroughInit]>.self, from: body).v[1].user }
        #expect(direct == generic, "\(json)", sourceLocation: sourceLocation)
        let mine = DecodeOutcome { try GraphJSONDecoder().decode(Wrapper<[GraphUser]>.self, from: body).v[1] }
        let foundation = DecodeOutcome { try JSONDecoder().decode(Wrapper<[GraphUser]>.self, from: body).v[1] }
        #expect(mine == foundation, "\(json)", sourceLocation: sourceLocation)
    }

    static let ids = [
        "", #""id":"4","#, #""id":"\u0034\/2","#, #""id":4,"#, #""id":-4,"#, #""id":-0,"#, #""id":1.0,"#,
        #""id":1e2,"#, #""id":1.5,"#, #""id":9223372036854775807,"#, #""id":-9223372036854775808,"#,
        #""id":9223372036854775808,"#, #""id":18446744073709551616,"#, #""id":null,"#, #""id":true,"#,
        #""id":[],"#, #""id":{},"#,
    ]
    static let names = [
        "", #""name":null,"#, #""name":"N","#, #""name":"Zo\u00eb \/ \"Z\"","#, #""name":5,"#, #""name":[],"#,
        #""name":{},"#, #""name":true,"#,
    ]
    static let pictures = [
        "", #""picture":null,"#, #""picture":"u","#, #""picture":"h\/u","#, #""picture":5,"#, #""picture":[],"#,
        #""picture":{},"#, #""picture":{"data":null},"#, #""picture":{"data":{}},"#,
        #""picture":{"data":{"url":null}},"#, #""picture":{"data":{"url":"https:\/\/p\/4.jpg"}},"#,
        #""picture":{"data":{"url":5}},"#, #""picture":{"data":[]},"#, #""picture":{"data":"u"},"#,
        #""picture":{"data":{"url":"a","url":"b"}},"#, #""picture":{"data":5,"data":{"url":"a"}},"#,
        #""picture":{"data":{"url":"a"},"data":5},"#, #""picture":{"d\u0061ta":{"url":"a"}},"#,
        #""picture":{"data":{"\u0075rl":"a"}},"#, #""picture":{"data":{"url":"a","height":50},"x":[{"data":1}]},"#,
    ]
    static let locations = [
        "", #""location":null,"#, #""location":{"name":"Palo Alto","id":108},"#, #""location":{"id":[]},"#,
        #""location":5,"#, #""location":{"location":{"latitude":"north"}},"#,
    ]
    static let others = [
        "",
        #""first_name":"F","middle_name":"M","last_name":"L","link":"l","username":"u","birthday":"08\/15","#
            + #""gender":"g","locale":"en_US","#,
        #""first_name":null,"middle_name":null,"last_name":null,"link":null,"username":null,"birthday":null,"#
            + #""gender":null,"locale":null,"#,
        #""locale":5,"#, #""birthday":[],"#, #""name":"again","id":"again","picture":"again","#,
        #""na\u006de":"escaped","#, #""namé":"x","#, #""friends":{"data":[{"id":1,"name":2}]},"ids":[1,[2]],"#,
        #""":"","#,
    ]

    @Test("Ids, names and pictures of every shape: the same user or the same error")
    func idsNamesPictures() {
        for id in Self.ids {
            for name in Self.names {
                for picture in Self.pictures { Self.expectSame("{\(id)\(name)\(picture)\"z\":0}") }
            }
        }
    }

    @Test("Locations, the other string fields, repeated and escaped names, unknown members, in either order")
    func otherMembers() {
        for location in Self.locations {
            for other in Self.others {
                for name in Self.names {
                    Self.expectSame("{\(other)\"id\":\"1\",\(name)\(location)\"z\":0}")
                    Self.expectSame("{\(location)\(name)\"id\":\"1\",\(other)\"z\":0}")
                }
            }
        }
    }

    @Test("Not an object, and GraphUser at the top level and in an optional")
    func otherPlaces() throws {
        for json in ["null", "5", #""u""#, "[]", "{}"] { Self.expectSame(json) }
        let user = try GraphJSONDecoder().decode(GraphUser.self, from: Data(#"{"id":7,"locale":"fr_FR"}"#.utf8))
        #expect(user == GraphUser(id: "7").with(locale: "fr_FR"))
        let absent = try GraphJSONDecoder().decode([GraphUser?].self, from: Data(#"[null,{"id":"2"}]"#.utf8))
        #expect(absent == [nil, GraphUser(id: "2")])
    }
}

extension GraphUser {
    fileprivate func with(locale: String) -> GraphUser {
        var copy = self
        copy.locale = locale
        return copy
    }
}
