import Foundation
import Glibc
import Synchronization

/// Per-request latency at a fixed concurrency: the time from the moment a client is asked to start a
/// request to the moment its completion reaches the load loop, on `CLOCK_MONOTONIC`, for every
/// request of a run; the child prints the percentiles on one `LATENCY p50_us=… p99_us=… n=…` line.
///
/// The Swift clients record through ``LoadLoop`` (`transport-child --latency`); the C loop records
/// through ``cLoopHook``, a header compiled in front of the unchanged anchor source. Both take the
/// same clock at the same two points (the request handed to the library; its completion seen by the
/// loop), so the rows compare. `fbbench instructions` never records: its counts stay what the
/// library costs.
final class RequestLatency: Sendable {
    /// One slot per request; each completion takes the next free slot, so no two threads write one.
    private nonisolated(unsafe) let samples: UnsafeMutablePointer<UInt64>
    /// How many slots there are.
    private let capacity: Int
    /// The next free slot.
    private let count = Atomic<Int>(0)

    /// A recorder for at most `requests` completions.
    init(requests: Int) {
        capacity = max(requests, 1)
        samples = .allocate(capacity: capacity)
    }

    deinit {
        samples.deallocate()
    }

    /// `CLOCK_MONOTONIC` now, in nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Records one request that started at `started` (``now()``) and completed now.
    func record(startedAt started: UInt64) {
        let elapsed = Self.now() &- started
        let slot = count.wrappingAdd(1, ordering: .relaxed).oldValue
        if slot < capacity { samples[slot] = elapsed }
    }

    /// The `LATENCY …` line for the samples so far (call after the run, when nothing records).
    func line() -> String {
        let recorded = min(count.load(ordering: .acquiring), capacity)
        var sorted = UnsafeMutableBufferPointer(start: samples, count: recorded)
        sorted.sort()
        return Self.line(sorted: Array(sorted))
    }

    /// The `LATENCY p50_us=… p99_us=… max_us=… n=…` line for sorted nanosecond samples: the
    /// nearest-rank percentiles, the same rule as the C hook's.
    static func line(sorted: [UInt64]) -> String {
        guard !sorted.isEmpty else { return "LATENCY n=0" }
        func rank(_ percent: Int) -> Double {
            let index = max(0, (percent * sorted.count + 99) / 100 - 1)
            return Double(sorted[min(index, sorted.count - 1)]) / 1_000
        }
        let largest = Double(sorted[sorted.count - 1]) / 1_000
        return String(
            format: "LATENCY p50_us=%.1f p99_us=%.1f max_us=%.1f n=%d", rank(50), rank(99), largest, sorted.count)
    }

    /// The header `fbbench` compiles in front of the C anchor (`cc -include`), so its latency is
    /// measured the same way without changing its source: `curl_multi_add_handle` stamps the handle,
    /// `curl_multi_remove_handle` (which the loop calls on each finished transfer, right after checking
    /// it) records the time since, and `curl_global_cleanup` (after the RESULT line) prints the
    /// `LATENCY` line. A parenthesised name calls the real function past the macro. Handles are found
    /// in an open-addressed table keyed by their address; the samples grow as needed.
    static let cLoopHook = """
        /* fbbench: per-request latency for the C anchor, compiled with -include (RequestLatency.swift). */
        #include <curl/curl.h>
        #include <stdint.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <time.h>
        #define FBB_SLOTS 65536
        static struct { CURL *handle; uint64_t started; } fbb_slots[FBB_SLOTS];
        static uint64_t *fbb_samples;
        static long fbb_count, fbb_capacity;
        static uint64_t fbb_now(void) {
            struct timespec t;
            clock_gettime(CLOCK_MONOTONIC, &t);
            return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
        }
        static size_t fbb_slot(CURL *handle) {
            size_t i = ((uintptr_t)handle >> 4) % FBB_SLOTS;
            while (fbb_slots[i].handle && fbb_slots[i].handle != handle) i = (i + 1) % FBB_SLOTS;
            return i;
        }
        static CURLMcode fbb_add(CURLM *multi, CURL *handle) {
            size_t i = fbb_slot(handle);
            fbb_slots[i].handle = handle;
            fbb_slots[i].started = fbb_now();
            return (curl_multi_add_handle)(multi, handle);
        }
        static CURLMcode fbb_remove(CURLM *multi, CURL *handle) {
            size_t i = fbb_slot(handle);
            if (fbb_slots[i].handle == handle && fbb_slots[i].started) {
                if (fbb_count == fbb_capacity) {
                    fbb_capacity = fbb_capacity ? 2 * fbb_capacity : 65536;
                    fbb_samples = realloc(fbb_samples, (size_t)fbb_capacity * sizeof *fbb_samples);
                    if (!fbb_samples) abort();
                }
                fbb_samples[fbb_count++] = fbb_now() - fbb_slots[i].started;
                fbb_slots[i].started = 0;
            }
            return (curl_multi_remove_handle)(multi, handle);
        }
        static int fbb_compare(const void *a, const void *b) {
            uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
            return (x > y) - (x < y);
        }
        static double fbb_rank(int percent) {
            long index = (percent * fbb_count + 99) / 100 - 1;
            if (index < 0) index = 0;
            if (index > fbb_count - 1) index = fbb_count - 1;
            return fbb_samples[index] / 1000.0;
        }
        static void fbb_cleanup(void) {
            if (fbb_count > 0) {
                qsort(fbb_samples, (size_t)fbb_count, sizeof *fbb_samples, fbb_compare);
                printf("LATENCY p50_us=%.1f p99_us=%.1f max_us=%.1f n=%ld\\n", fbb_rank(50), fbb_rank(99),
                       fbb_samples[fbb_count - 1] / 1000.0, fbb_count);
            } else {
                printf("LATENCY n=0\\n");
            }
            (curl_global_cleanup)();
        }
        #define curl_multi_add_handle(multi, handle) fbb_add(multi, handle)
        #define curl_multi_remove_handle(multi, handle) fbb_remove(multi, handle)
        #define curl_global_cleanup() fbb_cleanup()

        """
}
