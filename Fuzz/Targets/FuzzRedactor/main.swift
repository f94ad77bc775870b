// The entry point: libFuzzer runs fuzzRedactor (see FuzzRedactor.swift for its invariants).
import FuzzSupport

runFuzzer(fuzzRedactor)
