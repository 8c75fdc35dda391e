// Must NOT compile (scripts/check-compile.sh): the closure run on the
// second thread and the one run here both change one counter.
@_spi(Layers) @testable import HaruEngine

func race() throws {
    var counter = 0
    _ = try Parallel.both({ counter += 1 }, { counter += 1 })
    print(counter)
}
