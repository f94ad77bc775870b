// The entry point: libFuzzer runs fuzzHTTPRequestParser (see FuzzHTTPRequestParser.swift for its invariants).
import FuzzSupport

runFuzzer(fuzzHTTPRequestParser)
