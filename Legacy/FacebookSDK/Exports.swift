// One import is enough, as it was with the framework: `import FacebookSDK` (or `import FBConnect`)
// also brings Foundation and, on Linux, FoundationNetworking, where `URLResponse` and
// `HTTPURLResponse` live.
@_exported import Foundation

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
