import Testing

@testable import FacebookSDK

/// The v2 constants (legacy-sdk-facts §2).
@Suite("The v2 constants")
struct LegacyConstantsTests {
    @Test("The v2 constants have their exact values")
    func constants() {
        #expect(facebookErrDomain == "facebookErrDomain")
        #expect(kFBGeneralErrorCode == 10000)
        #expect(kFBRESTAPIAccessTokenErrorCode == 190)
        let states: [Int] = [
            kFBRequestStateReady, kFBRequestStateLoading, kFBRequestStateComplete, kFBRequestStateError,
        ]
        #expect(states == Array(0...3))
        #expect(LegacyConstants.stringBoundary == "3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f")
    }
}
