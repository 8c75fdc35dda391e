/// Writing a diary page by field. A page is stored whole (`diary.written`),
/// so an edit reads the page, changes what it names and writes the result
/// with `base`, the digest of the page it was made from: a device that
/// wrote the same page meanwhile keeps what only it changed once the two
/// sync (`PageMerge`). Files become blobs in the same commit as the page.

@_spi(Layers) import HaruEngine
import HaruModel

/// What a page edit changes; a field left nil (or a list left empty) stays as it is.
public struct PageChange: Sendable {
    /// An emoji.
    public var mood: Edit<String>?
    public var text: Edit<String>?
    /// The mood's photo, as the file's bytes.
    public var moodPhoto: Edit<[UInt8]>?
    /// Files to attach (their bytes; one already on the page is not added twice).
    public var attach: [[UInt8]]
    /// Their file names, in the order of `attach` (`photo.jpg`; a missing or empty one: no name).
    public var attachNames: [String]
    /// Attachments to take off, by their SHA-256 digest.
    public var detach: [String]
    /// Actions and goals the day's views leave out, or show again.
    public var hideActions: [String]
    public var showActions: [String]
    public var hideGoals: [String]
    public var showGoals: [String]
    /// The calendar's own identifiers of the events the day's timetable shows.
    public var addCalendarEvents: [String]
    public var removeCalendarEvents: [String]

    public init(
        mood: Edit<String>? = nil, text: Edit<String>? = nil, moodPhoto: Edit<[UInt8]>? = nil, attach: [[UInt8]] = [],
        detach: [String] = [], hideActions: [String] = [], showActions: [String] = [], hideGoals: [String] = [],
        showGoals: [String] = [], addCalendarEvents: [String] = [], removeCalendarEvents: [String] = [], attachNames: [String] = []
    ) {
        self.attachNames = attachNames
        (self.mood, self.text, self.moodPhoto, self.attach, self.detach) = (mood, text, moodPhoto, attach, detach)
        (self.hideActions, self.showActions, self.hideGoals, self.showGoals) = (hideActions, showActions, hideGoals, showGoals)
        (self.addCalendarEvents, self.removeCalendarEvents) = (addCalendarEvents, removeCalendarEvents)
    }
}

/// A page written (`Ledger.writePage`).
public struct PageWritten: Decided, Equatable {
    public var date: LocalDate
    /// The page as written.
    public var page: DiaryWritten
    /// How many files were stored with it.
    public var filesStored: Int
    public var written: AppendResult
}

extension Ledger {
    /// Changes a day's diary page (making it when there is none).
    /// - Parameter at: the effective time (nil: now).
    /// - Throws: `OperationError.emptyPage` when nothing would be left on it.
    @discardableResult
    public func writePage<G: RandomNumberGenerator>(
        _ date: LocalDate, _ change: PageChange, at: Instant? = nil, source: String = "app", now: Int64, rng: inout G
    ) throws -> PageWritten {
        var blobs: [[UInt8]] = []
        func digest(_ bytes: [UInt8]) -> String { bytes.withUnsafeBytes { SHA256Context().hash($0) }.description }
        var photo: Edit<String>?
        switch change.moodPhoto {
        case .set(let bytes):
            blobs.append(bytes)
            photo = .set(digest(bytes))
        case .clear: photo = .clear
        case nil: break
        }
        let attached = change.attach.map { bytes in
            blobs.append(bytes)
            return digest(bytes)
        }
        return try decideAndAppend(now: now, rng: &rng, blobs: blobs) { snap in
            let old = try snap.definition(.diary, date.description).flatMap { $0.isLive ? $0.fields() : nil }
            func apply<V>(_ e: Edit<V>?, _ value: V?) -> V? {
                switch e {
                case .set(let v): v
                case .clear: nil
                case nil: value
                }
            }
            func unique(_ ids: [String]) -> [String] { ids.reduce(into: []) { if !$0.contains($1) { $0.append($1) } } }
            // Each attachment with its file name (`""`: none), kept in step.
            let oldAttachments = old?.strings(.attachments) ?? []
            let oldNames = old?.strings(.attachmentNames) ?? []
            var named = oldAttachments.enumerated().map { ($1, $0 < oldNames.count ? oldNames[$0] : "") }
                .filter { !change.detach.contains($0.0) }
            for (k, d) in attached.enumerated() where !named.contains(where: { $0.0 == d }) {
                named.append((d, k < change.attachNames.count ? change.attachNames[k] : ""))
            }
            let attachments = named.map(\.0)
            let names = named.map(\.1)
            var events = old?.strings(.calendarEventIDs) ?? []
            for e in change.addCalendarEvents where !events.contains(e) { events.append(e) }
            events.removeAll { change.removeCalendarEvents.contains($0) }
            let hiddenActions = unique((old?.strings(.hiddenActionIDs) ?? []) + change.hideActions).filter {
                !change.showActions.contains($0)
            }
            let hiddenGoals = unique((old?.strings(.hiddenGoalIDs) ?? []) + change.hideGoals).filter { !change.showGoals.contains($0) }
            var page = DiaryWritten(
                date: date, mood: apply(change.mood, old?.string(.mood)), text: apply(change.text, old?.string(.text)),
                hiddenActionIDs: hiddenActions.isEmpty ? nil : hiddenActions, hiddenGoalIDs: hiddenGoals.isEmpty ? nil : hiddenGoals,
                moodPhoto: apply(photo, old?.string(.moodPhoto)), attachments: attachments.isEmpty ? nil : attachments,
                calendarEventIDs: events.isEmpty ? nil : events,
                attachmentNames: names.allSatisfy(\.isEmpty) ? nil : names)
            guard page.fieldValues.count > 1 else { throw OperationError.emptyPage(date) }
            // The page this write was made from: a device that wrote it
            // meanwhile keeps what only it changed, once the two sync.
            page.base = PageMerge.digest(old ?? Payload())
            let out = PageWritten(
                date: date, page: page, filesStored: blobs.count, written: .none)
            return ([try page.input(at: at ?? Instant(micros: now), source: source, in: snap)], out)
        }
    }
}
