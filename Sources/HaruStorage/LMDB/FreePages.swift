import CLMDB

/// LMDB's list of free pages (its database 0): which pages of `data.mdb`
/// the next write may reuse. Nothing of haru's reads it, so a changed byte
/// there passed `verify` and then made a later append overwrite pages in use
/// or fail (`MDB_PAGE_NOTFOUND`: the list's root named a page past the
/// file). Read through here by `verify`.
extension Environment {
    /// Checks the data file's pages in one read snapshot of their own: the
    /// list of free pages (`freePages`), then every tree against it
    /// (`checkPagesInUse`).
    /// - Returns: what is wrong, or nil.
    @_spi(Layers) public func checkPages() -> String? {
        var txn: OpaquePointer?
        guard mdb_txn_begin(env, nil, UInt32(MDB_RDONLY), &txn) == MDB_SUCCESS, let txn else { return nil }
        defer { mdb_txn_abort(txn) }
        switch freePages(txn) {
        case .failure(let problem): return problem.text
        case .success(let free): return checkPagesInUse(free: free, txn: txn)
        }
    }

    struct PageProblem: Error { var text: String }

    /// Walks the free-page list of `txn`'s snapshot: every entry readable,
    /// each a count and that many page numbers, every page past the two meta
    /// pages and within the file, none named twice.
    /// - Returns: the free pages, or what is wrong.
    func freePages(_ txn: OpaquePointer) -> Result<Set<UInt64>, PageProblem> {
        func fail(_ s: String) -> Result<Set<UInt64>, PageProblem> { .failure(PageProblem(text: s)) }
        var info = MDB_envinfo()
        guard mdb_env_info(env, &info) == MDB_SUCCESS else { return .success([]) }
        let last = UInt64(info.me_last_pgno)
        var cursor: OpaquePointer?
        let opened = mdb_cursor_open(txn, 0, &cursor)  // FREE_DBI
        guard opened == MDB_SUCCESS else {
            return fail("its list of free pages cannot be opened (\(String(cString: mdb_strerror(opened))))")
        }
        defer { mdb_cursor_close(cursor) }
        var key = MDB_val()
        var value = MDB_val()
        var seen = Set<UInt64>()
        var rc = mdb_cursor_get(cursor, &key, &value, MDB_FIRST)
        while rc == MDB_SUCCESS {
            let words = UnsafeRawBufferPointer(start: value.mv_data, count: value.mv_size)
            guard words.count >= 8, words.count % 8 == 0 else { return fail("an entry of its list of free pages is \(words.count) bytes") }
            let n = words.loadUnaligned(as: UInt64.self)
            guard n == UInt64(words.count / 8 - 1) else {
                return fail("an entry of its list of free pages says \(n) pages in \(words.count / 8 - 1) places")
            }
            for k in 1..<(words.count / 8) {
                let page = words.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self)
                guard page >= 2, page <= last else {
                    return fail("its list of free pages names page \(page), past the file's \(last + 1) pages")
                }
                guard seen.insert(page).inserted else { return fail("its list of free pages names page \(page) twice") }
            }
            rc = mdb_cursor_get(cursor, &key, &value, MDB_NEXT)
        }
        guard rc == MDB_NOTFOUND else { return fail("its list of free pages cannot be read (\(String(cString: mdb_strerror(rc))))") }
        return .success(seen)
    }
}
