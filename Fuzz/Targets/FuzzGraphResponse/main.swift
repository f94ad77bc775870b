// The entry point: libFuzzer runs fuzzGraphResponse (see FuzzGraphResponse.swift for its invariants).
import FuzzSupport

runFuzzer(fuzzGraphResponse)
