// The entry point: libFuzzer runs fuzzLegacyParser (see FuzzLegacyParser.swift for its invariants).
import FuzzSupport

runFuzzer(fuzzLegacyParser)
