// Must NOT compile (scripts/check-compile.sh): a channel carries only
// Sendable items, and a class with a mutable field is not one.
@_spi(Layers) @testable import HaruEngine

final class Box { var n = 0 }

func send() {
    let channel = Channel<Box>(capacity: 1)
    channel.send(Box())
}
