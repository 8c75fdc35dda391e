// haru-bench: in-process timings of the ledger's read paths, for figures
// without process start-up. Whole-process figures come from
// Benchmarks/run.sh, which times the real `haru` binary.
//
//   haru-bench LEDGER [scan|replay|verify|rebuild|clear]…
//
// `clear` empties the projections (never run it on a ledger you keep).
//
// Prints one line per phase: "<phase> <events> <seconds> <events/s>".
@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruSystem
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruViews

#if canImport(Glibc)
    import Glibc
#endif

func seconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

let args = Array(CommandLine.arguments.dropFirst())
guard let path = args.first else {
    print("usage: haru-bench LEDGER [scan|replay|verify|rebuild|clear]…")
    exit(2)
}
let writes = args.dropFirst().contains { $0 == "clear" || $0 == "rebuild" }
let ledger = try Ledger(path: path, readOnly: !writes)
for phase in args.dropFirst().isEmpty ? ["scan", "replay", "verify"] : Array(args.dropFirst()) {
    let t0 = seconds()
    var n: UInt64 = 0
    switch phase {
    case "scan":
        // Decode every event (envelope and payload) and touch it.
        var checksum: Int64 = 0
        try ledger.forEachEvent { e in
            checksum &+= e.at.seconds &+ Int64(e.payload.fields.count)
            n += 1
            return true
        }
        if checksum == 42 { print("") }  // keep the work observable
    case "replay":
        n = try ledger.replay().head
    case "verify":
        let r = try ledger.verify()
        guard r.ok else { print("verify failed: \(r)"); exit(1) }
        n = r.events
    case "rebuild":
        n = try ledger.rebuild().events
    case "clear":
        // Empties every projection (not the events): a following `rebuild`
        // then writes them all, the worst case. Only on a copy of a ledger.
        try ledger.environment.write { txn in
            for db in ["state", "pages", "interned", "checkpoints"] { try txn.clear(ledger.environment.database(db)) }
        }
    default:
        print("unknown phase \(phase)")
        exit(2)
    }
    let dt = seconds() - t0
    print("\(phase) \(n) \(String(format3(dt))) \(Int(Double(n) / dt))")
    print(memoryLine())
}

func format3(_ d: Double) -> String {
    let ms = Int((d * 1000).rounded())
    return "\(ms / 1000)." + String(repeating: "0", count: 3 - String(ms % 1000).count) + String(ms % 1000)
}

/// Resident memory now and at its peak, from /proc/self/status: the heap
/// (RssAnon) and the mapped ledger file (RssFile) apart.
func memoryLine() -> String {
    guard let f = fopen("/proc/self/status", "r") else { return "" }
    defer { fclose(f) }
    var out: [String] = []
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, 256, f) != nil {
        let s = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if s.hasPrefix("VmHWM") || s.hasPrefix("RssAnon") || s.hasPrefix("RssFile") {
            let parts = s.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "\t" || $0 == "\n" })
            out.append(parts[0] + " " + parts[1])
        }
    }
    return "  memory: " + out.joined(separator: " kB, ") + " kB"
}
