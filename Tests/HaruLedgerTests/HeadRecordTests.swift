import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel

/// The head record is read as bytes when it is ASCII (every record haru
/// writes) and as text otherwise; both ways must answer alike.
@Suite struct HeadRecordReading {
    static let hash = String(repeating: "ab", count: 32)

    @Test(arguments: [
        ("seq 00000000000000000042 hash \(hash)\n", "42 \(hash)"),  // as `HeadRecord.text` writes it
        ("seq 42 hash \(hash)\n", "42 \(hash)"),  // fewer digits
        ("seq  42   hash \(hash)\n", "42 \(hash)"),  // runs of spaces
        ("seq 42 hash \(hash)", nil),  // no newline: torn
        ("seq 42 hash \(String(hash.dropLast()))\r\n", nil),  // "\r\n" is not the "\n" the text ends with
        ("seq 42 hash \(hash)x\n", nil),  // a hash of 65 characters
        ("seq -1 hash \(hash)\n", nil),  // not a seq
        ("seq 42 hush \(hash)\n", nil),
        ("seq 42 hash \(hash)\n trailing", nil),
        ("", nil),
        // Not ASCII: read as text, as before the byte path (é is 2 bytes, 1 character);
        // the 65 bytes are taken and the hash then differs from the log's (`checkHeadRecord`).
        ("seq 42 hash \(String(hash.dropLast(2)))é\n", "42 \(String(hash.dropLast(2)))é"),
        ("seq 42 hash \(String(hash.dropLast(1)))é\n", nil),
    ] as [(String, String?)])
    func aRecordIsReadAsItsTextSays(record: String, read expected: String?) throws {
        let dir = TempDir()
        try Data(record.utf8).write(to: URL(fileURLWithPath: HeadRecord.path(dir.path)))
        let read = try HeadRecord.read(in: dir.path)
        #expect(read.map { "\($0.seq) \($0.hash)" } == expected, "\(record.debugDescription)")
    }

    @Test func whatIsWrittenIsRead() throws {
        let dir = TempDir()
        let head = Head(seq: 123_456, hash: Digest.sha256(Array("x".utf8)), recorded: 0)
        try HeadRecord.writeChecked(head, in: dir.path)
        let read = try #require(try HeadRecord.read(in: dir.path))
        #expect(read.seq == 123_456 && read.hash == head.hash.description)
    }
}
