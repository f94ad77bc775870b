// The entry point: libFuzzer runs fuzzFormEncoding (see FuzzFormEncoding.swift for its invariants).
import FuzzSupport

runFuzzer(fuzzFormEncoding)
