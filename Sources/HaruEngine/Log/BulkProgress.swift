/// How far a bulk append has come: the one progress report of every bulk
/// load (JSON Lines, an import of another tool's files, a batch of typed
/// events), whatever reads its input.
@_spi(Layers) import HaruModel

public struct BulkProgress: Sendable, Equatable {
    /// Events read so far.
    public var events: Int
    /// The part of the input read (0 to 1), when the source can tell.
    public var fraction: Double?
    /// All of the input is read: what is left is writing it (the end of a
    /// bulk load, a second or so for a million events).
    public var doneReading: Bool

    public init(events: Int, fraction: Double?, doneReading: Bool) {
        self.events = events
        self.fraction = fraction
        self.doneReading = doneReading
    }
}

/// A source whose reading is reported to a `BulkProgress` handler, every
/// 4,096 events and once at the end of its input. Reports come from the
/// thread that reads the source (a second thread in a read-ahead load).
@_spi(Layers) public struct ProgressSource<S: EventSource>: EventSource {
    private var inner: S
    private let report: (BulkProgress) -> Void
    /// The part of its input the source has read (nil: unknown), given the events read.
    private let fraction: (S, Int) -> Double?
    private var read = 0

    /// - Parameter total: how many events the source holds, for the part read.
    @_spi(Layers) public init(_ inner: S, total: Int, report: @escaping (BulkProgress) -> Void) {
        self.init(inner, report: report) { _, read in Double(read) / Double(max(total, 1)) }
    }

    @_spi(Layers) public init(_ inner: S, report: @escaping (BulkProgress) -> Void, fraction: @escaping (S, Int) -> Double?) {
        self.inner = inner
        self.report = report
        self.fraction = fraction
    }

    public var expectedRecords: ExpectedRecords? { inner.expectedRecords }

    public mutating func next() throws -> (EventInput, Int)? {
        guard let e = try inner.next() else {
            report(BulkProgress(events: read, fraction: 1, doneReading: true))
            return nil
        }
        read += 1
        if read & 4095 == 0 { report(BulkProgress(events: read, fraction: fraction(inner, read), doneReading: false)) }
        return e
    }
}
