import CLMDB

#if canImport(Glibc)
    import Glibc
#endif

/// Every page the ledger's B-trees use, found by walking them in the data
/// file, checked against LMDB's list of free pages: a page in both would be
/// overwritten by the next write while it still holds data (a changed
/// byte of the list naming a page in use passed every other check). LMDB
/// has no call for this, so the walk reads its page format (lmdb.h's
/// MDB_page, MDB_node and MDB_meta, format 1 of LMDB 0.9) from a read-only
/// map of its own.
extension Environment {
    /// The pages that both a tree and the free list name (`free`, read in
    /// the same snapshot `txn`).
    /// - Returns: what is wrong, or nil (nothing found, or the snapshot's
    ///   meta page was overwritten meanwhile and the walk was not made).
    func checkPagesInUse(free: Set<UInt64>, txn: OpaquePointer) -> String? {
        guard !free.isEmpty else { return nil }
        var fd: Int32 = -1
        var st = stat()
        guard mdb_env_get_fd(env, &fd) == MDB_SUCCESS, fstat(fd, &st) == 0, st.st_size >= 8192 else { return nil }
        let size = Int(st.st_size)
        guard let base = mmap(nil, size, PROT_READ, MAP_SHARED, fd, 0), base != MAP_FAILED else { return nil }
        defer { munmap(base, size) }
        let file = UnsafeRawBufferPointer(start: base, count: size)
        let txnid = UInt64(mdb_txn_id(txn))
        // The snapshot's meta page: the one of the two whose txnid is the snapshot's.
        let psize = Int(file.loadUnaligned(fromByteOffset: 40, as: UInt32.self))
        guard psize >= 512, psize * 2 <= size else { return nil }
        guard let meta = [0, psize].first(where: { file.loadUnaligned(fromByteOffset: $0 + 144, as: UInt64.self) == txnid }) else {
            return nil
        }
        let last = Int(file.loadUnaligned(fromByteOffset: meta + 136, as: UInt64.self))
        guard last < size / psize else { return nil }
        var used = [Bool](repeating: false, count: last + 1)
        var problem: String?
        func page(_ p: Int) -> Int? { p >= 2 && p <= last ? p * psize : nil }
        func mark(_ p: Int, _ what: String) -> Bool {
            guard p >= 2, p <= last else {
                problem = "\(what) names page \(p), past the file's \(last + 1) pages"
                return false
            }
            if free.contains(UInt64(p)) {
                problem = "page \(p) is in use (\(what)) and in the list of free pages: the next write would overwrite it"
                return false
            }
            used[p] = true
            return true
        }
        // A key as LMDB orders keys by default (`mdb_cmp_memn`: bytes, then
        // length): an offset and a length in the file.
        typealias Key = (at: Int, count: Int)
        func compare(_ a: Key, _ b: Key) -> Int {
            let n = min(a.count, b.count)
            let d = n == 0 ? 0 : Int(memcmp(base + a.at, base + b.at, n))
            return d != 0 ? d : a.count - b.count
        }
        // Depth-first over a tree from its root; sub-databases found in leaves
        // are walked too. Keys are checked in order within each page and
        // within the bounds its parent's separators give (a changed byte of a
        // separator makes a look-up miss a key that a scan still finds): not
        // in the list of free pages, whose keys are integers.
        func walk(_ root: UInt64, _ what: String, ordered: Bool, low: Key? = nil, high: Key? = nil, depth: Int = 0) {
            guard problem == nil, root != UInt64.max, depth < 64 else { return }
            guard mark(Int(root), what), let at = page(Int(root)) else { return }
            let flags = file.loadUnaligned(fromByteOffset: at + 10, as: UInt16.self)
            // A page on disk says its own number, and is a branch or a leaf
            // (P_LEAF2 with it) and nothing else: LMDB's in-memory flags
            // (dirty, loose, kept) set by a changed byte would mislead the next write.
            guard file.loadUnaligned(fromByteOffset: at, as: UInt64.self) == root, flags & ~0x23 == 0, flags & 0x03 != 0,
                flags & 0x03 != 0x03
            else {
                let said = file.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                problem = "page \(root) of \(what) is not a page LMDB wrote (its header says page \(said), flags \(flags))"
                return
            }
            if flags & 0x20 != 0 { return }  // P_LEAF2: keys only
            let lower = Int(file.loadUnaligned(fromByteOffset: at + 12, as: UInt16.self))
            guard lower >= 16, lower <= psize else {
                problem = "page \(root) of \(what) is not a page LMDB wrote"
                return
            }
            let count = (lower - 16) / 2
            var keys: [Key] = []
            keys.reserveCapacity(count)
            for k in 0..<count {
                let off = Int(file.loadUnaligned(fromByteOffset: at + 16 + 2 * k, as: UInt16.self))
                let ksize = off >= 16 && off + 8 <= psize ? Int(file.loadUnaligned(fromByteOffset: at + off + 6, as: UInt16.self)) : -1
                guard ksize >= 0, off + 8 + ksize <= psize else {
                    problem = "page \(root) of \(what) is not a page LMDB wrote"
                    return
                }
                keys.append((at + off + 8, ksize))
            }
            let isBranch = flags & 0x01 != 0
            if ordered {
                // A branch's first key is empty (below everything); the others, and a leaf's, in order and in bounds.
                for k in (isBranch ? 1 : 0)..<count {
                    let inOrder = k == (isBranch ? 1 : 0) || compare(keys[k - 1], keys[k]) < 0
                    let inBounds = (low.map { compare($0, keys[k]) <= 0 } ?? true) && (high.map { compare(keys[k], $0) < 0 } ?? true)
                    guard inOrder, inBounds else {
                        problem = "page \(root) of \(what) holds a key out of order: a look-up could miss what a scan finds"
                        return
                    }
                }
            }
            for k in 0..<count {
                let node = keys[k].at - 8
                let lo = UInt64(file.loadUnaligned(fromByteOffset: node, as: UInt16.self))
                let hi = UInt64(file.loadUnaligned(fromByteOffset: node + 2, as: UInt16.self))
                let nflags = file.loadUnaligned(fromByteOffset: node + 4, as: UInt16.self)
                if isBranch {  // the child's page number, and its keys' bounds
                    walk(
                        lo | hi << 16 | UInt64(nflags) << 32, what, ordered: ordered, low: k == 0 ? low : keys[k],
                        high: k + 1 < count ? keys[k + 1] : high, depth: depth + 1)
                } else if flags & 0x02 != 0 {  // P_LEAF
                    let data = keys[k].at + keys[k].count
                    guard data + 8 <= at + psize else { continue }
                    if nflags & 0x01 != 0 {  // F_BIGDATA: the value's overflow pages
                        let first = Int(file.loadUnaligned(fromByteOffset: data, as: UInt64.self))
                        guard let o = page(first) else {
                            _ = mark(first, what)
                            return
                        }
                        guard file.loadUnaligned(fromByteOffset: o, as: UInt64.self) == UInt64(first),
                            file.loadUnaligned(fromByteOffset: o + 10, as: UInt16.self) == 0x04
                        else {
                            problem = "page \(first) of \(what) is not an overflow page LMDB wrote"
                            return
                        }
                        let pages = Int(file.loadUnaligned(fromByteOffset: o + 12, as: UInt32.self))
                        for p in first..<(first + max(1, min(pages, last + 1 - first))) where !mark(p, what) { return }
                    } else if nflags & 0x02 != 0, data + 48 <= at + psize {  // F_SUBDATA: a named database's MDB_db
                        walk(
                            file.loadUnaligned(fromByteOffset: data + 40, as: UInt64.self), "a named database", ordered: true,
                            depth: depth + 1)
                    }
                }
                if problem != nil { return }
            }
        }
        walk(file.loadUnaligned(fromByteOffset: meta + 80, as: UInt64.self), "the list of free pages", ordered: false)
        walk(file.loadUnaligned(fromByteOffset: meta + 128, as: UInt64.self), "the main database", ordered: true)
        return problem
    }
}
