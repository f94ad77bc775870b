// The entry point: libFuzzer runs fuzzMultipart (see FuzzMultipart.swift for its invariants).
import FuzzSupport

runFuzzer(fuzzMultipart)
