import Foundation

// 3.1.1's copy of json-framework under the FB prefix (`FBSBJSON.h`, `FBSBJsonParser.h`,
// `FBSBJsonWriter.h`, `FBSBJsonBase.h` in its deprecated headers; `FBRequestConnection` and the
// deprecated `Facebook` class used it). The same code as v2's `SBJSON.h` family with the classes
// renamed, so here each name is the v2 class itself: one parser and one writer, the same results
// (mutable containers, legacy-sdk-facts §2.6), the same error codes and domain. Spellings checked
// against the headers with the importer (Tests/ImporterProbes/v31-objects.swift).

/// 3.1.1's `FBSBJSON`: the facade over a parser and a writer; ``SBJSON`` under its 3.1.1 name.
public typealias FBSBJSON = SBJSON

/// 3.1.1's `FBSBJsonParser`: the strict parser; ``SBJsonParser`` under its 3.1.1 name.
public typealias FBSBJsonParser = SBJsonParser

/// 3.1.1's `FBSBJsonWriter`: the writer; ``SBJsonWriter`` under its 3.1.1 name.
public typealias FBSBJsonWriter = SBJsonWriter

/// 3.1.1's `FBSBJsonBase`: the depth limit and the error trace; ``SBJsonBase`` under its 3.1.1 name.
public typealias FBSBJsonBase = SBJsonBase

/// 3.1.1's `@protocol FBSBJsonParser` (imported with a `Protocol` suffix, as a class has the name).
public typealias FBSBJsonParserProtocol = SBJsonParserProtocol

/// 3.1.1's `@protocol FBSBJsonWriter` (imported with a `Protocol` suffix, as a class has the name).
public typealias FBSBJsonWriterProtocol = SBJsonWriterProtocol

/// The domain of every error the FB-prefixed classes report (`FBSBJSONErrorDomain`): json-framework's
/// `"org.brautaset.JSON.ErrorDomain"`, as 3.1.1 kept it.
public var FBSBJSONErrorDomain: String! { SBJSONErrorDomain }
