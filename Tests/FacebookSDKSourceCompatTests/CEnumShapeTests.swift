// v3.1's plain C enums as the importer gave them (Tests/ImporterProbes/v31-c-enums.swift asks the same
// of the real 3.1.1 headers): each is a `UInt32` struct, `RawRepresentable`, `Hashable` and
// `Sendable`, built by `init(_:)` or `init(rawValue:)`, with a settable `rawValue`; two values are
// equal, and hash alike, exactly when their C values are.

import FacebookSDK
import XCTest

final class CEnumShapeTests: XCTestCase {
    /// `make` and `init(rawValue:)` build the value of the C number, which equality and hashing go by.
    func assertImportedShape<Value: RawRepresentable & Hashable & Sendable>(
        _ make: (UInt32) -> Value, _ constant: Value, file: StaticString = #filePath, line: UInt = #line
    ) where Value.RawValue == UInt32 {
        let raw = constant.rawValue
        XCTAssertEqual(make(raw), constant, file: file, line: line)
        XCTAssertEqual(Value(rawValue: raw), constant, file: file, line: line)
        XCTAssertNotEqual(make(raw &+ 1), constant, file: file, line: line)
        XCTAssertEqual(make(raw &+ 1).rawValue, raw &+ 1, file: file, line: line)
        XCTAssertEqual(Set([make(raw), constant, make(raw &+ 1)]).count, 2, file: file, line: line)
        XCTAssertEqual([constant: "x"][make(raw)], "x", file: file, line: line)
    }

    func testTheSessionEnumsHaveTheImportersShape() {
        assertImportedShape({ FBSessionState($0) }, FBSessionStateOpen)
        assertImportedShape({ FBSessionLoginBehavior($0) }, FBSessionLoginBehaviorUseSystemAccountIfPresent)
        assertImportedShape({ FBSessionDefaultAudience($0) }, FBSessionDefaultAudienceEveryone)
        assertImportedShape({ FBSessionLoginType($0) }, FBSessionLoginTypeTestUser)
    }

    func testTheErrorAndDialogEnumsHaveTheImportersShape() {
        assertImportedShape({ FBErrorCode($0) }, FBErrorNativeDialog)
        assertImportedShape({ FBNativeDialogResult($0) }, FBNativeDialogResultError)
    }

    func testThePickerEnumsHaveTheImportersShape() {
        assertImportedShape({ FBFriendSortOrdering($0) }, FBFriendSortByLastName)
        assertImportedShape({ FBFriendDisplayOrdering($0) }, FBFriendDisplayByLastName)
    }

    func testRawValueIsSettable() {
        var state = FBSessionState(rawValue: 0)
        state.rawValue = FBSessionStateClosed.rawValue
        XCTAssertEqual(state, FBSessionStateClosed)
        XCTAssertTrue(state.isTerminal)
        XCTAssertEqual(state.description, "FBSessionStateClosed")
    }
}
