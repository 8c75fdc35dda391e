// Must compile (scripts/check-compile.sh): two halves that share only a
// channel and hand their results back.
@_spi(Layers) @testable import HaruEngine

func pipeline() throws -> Int {
    let channel = Channel<[Int]>(capacity: 2)
    let (_, total) = try Parallel.both(
        {
            for k in 0..<10 { channel.send([k]) }
            channel.close()
        },
        {
            var sum = 0
            while let batch = channel.receive() { sum += batch.reduce(0, +) }
            return sum
        }, together: true)
    return total
}
