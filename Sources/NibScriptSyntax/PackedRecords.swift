// A block's packed records in 12 bytes each (issue 27, item 4): a `PackedStmt` is 16, and a
// million rounds of `x = new NSObject` / `release x` kept 32 MB of them at the peak of the
// run. Nearly every record's gaps and tail are under 16 bytes and its names among the
// parse's first 4,096, so they fit 4 and 12 bits: start (32 bits); shape (8), tail (4),
// four gaps (4 each) and the third name's high 4 bits; the first two names (12 each) and
// the third's low 8. A record that does not fit is kept at 16 bytes beside (`wide`), its
// compact record pointing to it. Escapes and pools keep their 32-bit index whole.

@usableFromInline
struct PackedRecord: Sendable {
    @usableFromInline var start: UInt32
    /// shape (bits 0–7), tail (8–11), gaps (12–27, 4 bits each), third name's bits 8–11 (28–31).
    @usableFromInline var w1: UInt32
    /// First name (bits 0–11), second (12–23), third's bits 0–7 (24–31); or an index.
    @usableFromInline var w2: UInt32
    /// The shape of a compact record that is `wide[w2]` (an assignment with a target form
    /// no record has).
    @usableFromInline static let wideShape: UInt8 = 0x03
    @inlinable init(start: UInt32, w1: UInt32, w2: UInt32) { self.start = start; self.w1 = w1; self.w2 = w2 }
}

/// Records kept 12 bytes each, read back as `PackedStmt`s.
@usableFromInline
struct PackedRecords: Sendable {
    @usableFromInline var compact: [PackedRecord] = []
    @usableFromInline var wide: [PackedStmt] = []
    @inlinable init() {}

    @inlinable var count: Int { compact.count }
    @inlinable var capacity: Int { compact.capacity }
    @inlinable mutating func reserveCapacity(_ n: Int) { compact.reserveCapacity(n) }

    /// Gives back room reserved and not used.
    mutating func shrink() {
        var exact: [PackedRecord] = []
        exact.reserveCapacity(compact.count)
        exact.append(contentsOf: compact)
        compact = exact
    }

    /// Whether a record's `names` is an index of 32 bits (an escape's, a pool's).
    @inlinable static func namesIsIndex(_ shape: UInt8) -> Bool {
        shape == PackedStmt.escape || shape == PackedForm.bare << 5 | PackedForm.pool
    }

    @inline(__always) mutating func append(_ r: PackedStmt) {
        let g = r.gaps
        // Each gap and the tail under 16, each name under 4,096, and no index in `names`.
        if (g & 0xF0F0_F0F0) | (r.names & 0xF000_F000) | UInt32(r.name2 & 0xF000) | UInt32(r.tail & 0xF0) == 0,
           !Self.namesIsIndex(r.shape) {
            let n2 = UInt32(r.name2)
            let gaps = (g & 0xF) | (g >> 4 & 0xF0) | (g >> 8 & 0xF00) | (g >> 12 & 0xF000)
            compact.append(PackedRecord(start: r.start, w1: UInt32(r.shape) | UInt32(r.tail) << 8 | gaps << 12 | (n2 >> 8) << 28,
                                        w2: (r.names & 0xFFF) | (r.names >> 16) << 12 | (n2 & 0xFF) << 24))
        } else {
            appendOther(r)
        }
    }

    /// An escape's or a pool's record (its index whole), or one kept at 16 bytes.
    @inline(never) private mutating func appendOther(_ r: PackedStmt) {
        if Self.namesIsIndex(r.shape) {
            compact.append(PackedRecord(start: r.start, w1: UInt32(r.shape), w2: r.names))
        } else {
            compact.append(PackedRecord(start: r.start, w1: UInt32(PackedRecord.wideShape), w2: UInt32(wide.count)))
            wide.append(r)
        }
    }

    @inlinable subscript(i: Int) -> PackedStmt {
        @inline(__always) get {
            let c = compact[i]
            return UInt8(truncatingIfNeeded: c.w1) == PackedRecord.wideShape ? wide[Int(c.w2)] : Self.unpack(c)
        }
    }

    @inlinable @inline(__always) func shape(_ i: Int) -> UInt8 {
        let c = compact[i]
        let s = UInt8(truncatingIfNeeded: c.w1)
        return s == PackedRecord.wideShape ? wide[Int(c.w2)].shape : s
    }

    /// A compact record (not a wide one) as the 16-byte record it stands for.
    @inlinable @inline(__always)
    static func unpack(_ c: PackedRecord) -> PackedStmt {
        let shape = UInt8(truncatingIfNeeded: c.w1)
        if namesIsIndex(shape) { return PackedStmt(start: c.start, gaps: 0, names: c.w2, name2: 0, shape: shape, tail: 0) }
        let x = c.w1 >> 12 & 0xFFFF
        let gaps = (x & 0xF) | (x & 0xF0) << 4 | (x & 0xF00) << 8 | (x & 0xF000) << 12
        let names = (c.w2 & 0xFFF) | (c.w2 >> 12 & 0xFFF) << 16
        let name2 = UInt16(truncatingIfNeeded: c.w2 >> 24 | (c.w1 >> 28) << 8)
        return PackedStmt(start: c.start, gaps: gaps, names: names, name2: name2, shape: shape,
                          tail: UInt8(truncatingIfNeeded: c.w1 >> 8 & 0xF))
    }

    @inlinable func withView<R>(_ body: (PackedRecordsView) throws -> R) rethrows -> R {
        try compact.withUnsafeBufferPointer { c in
            try wide.withUnsafeBufferPointer { w in try body(PackedRecordsView(compact: c, wide: w)) }
        }
    }
}

/// `PackedRecords` in place, valid inside `withView` only.
@usableFromInline
struct PackedRecordsView {
    @usableFromInline let compact: UnsafeBufferPointer<PackedRecord>
    @usableFromInline let wide: UnsafeBufferPointer<PackedStmt>
    @inlinable init(compact: UnsafeBufferPointer<PackedRecord>, wide: UnsafeBufferPointer<PackedStmt>) {
        self.compact = compact; self.wide = wide
    }
    @inlinable var count: Int { compact.count }
    @inlinable subscript(i: Int) -> PackedStmt {
        @inline(__always) get {
            let c = compact[i]
            return UInt8(truncatingIfNeeded: c.w1) == PackedRecord.wideShape ? wide[Int(c.w2)] : PackedRecords.unpack(c)
        }
    }
    /// Where record `i` starts, without the rest.
    @inlinable @inline(__always) func start(_ i: Int) -> UInt32 { compact[i].start }
    @inlinable @inline(__always) func shape(_ i: Int) -> UInt8 {
        let c = compact[i]
        let s = UInt8(truncatingIfNeeded: c.w1)
        return s == PackedRecord.wideShape ? wide[Int(c.w2)].shape : s
    }
}
