import Foundation

#if !canImport(ObjectiveC)
    /// Where an Objective-C method stores its error (`NSError **`), as Swift's importer spells it.
    ///
    /// Darwin's Foundation declares it over `AutoreleasingUnsafeMutablePointer`, which Linux lacks;
    /// callers pass `&error` (an `NSError?` variable) or nil either way.
    public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?
#endif
