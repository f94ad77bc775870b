// The entry point: libFuzzer runs fuzzHAR (see FuzzHAR.swift for its invariants).
import FuzzSupport

runFuzzer(fuzzHAR)
