// A block's statements, packed (issue 27, item 4). A `Stmt` is 88 bytes in an array: two
// million of them were 176 MB, most of a big script's memory. Here the common shapes (an
// assignment, retain, release, autorelease, CFRelease, watch or send without arguments of a
// name, a one-step property or ivar path, `new X [autoreleased]` or `nil`; `drain`; `super`;
// `autoreleasepool { … }`, its block beside; `expect alive|deallocated|nil|dangling` of a
// name or a one-step path) are a 16-byte record each, and any other statement (one that nests blocks, an expectation,
// a command, a long gap between tokens…) is kept whole in a side array the record points
// into. A record holds the statement's start; each token after it is a gap of one byte from
// the end of the token before, and each name an index into the parse's table of names
// (`PackedNames`, shared by its blocks), whose entry gives the String, its parser id and its
// length. Reading a statement rebuilds
// the `Stmt` the parser made, bit for bit (ranges, names and ids): consumers read
// `block.statements` as before, as a random-access collection.

/// A name of a packed block: the String (shared with the parser's table), the id the parser
/// interned it under (`Identifier.nameID`) and its length in the source.
@usableFromInline
struct PackedName: Sendable {
    @usableFromInline var name: String
    @usableFromInline let id: Int32
    @usableFromInline let length: Int32
    @usableFromInline init(name: String, id: Int32, length: Int32) { self.name = name; self.id = id; self.length = length }
}

/// The names of one parse's packed statements, shared by all its blocks (a table per block
/// cost a few hundred bytes and a pass at its end for each of the many small blocks of a
/// script): appended to while the file is parsed, read only after. Not checked for
/// exclusivity: blocks only read it, and only once the parser is done with it.
public final class PackedNames: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var names: [PackedName] = []
    public init() {}
}

/// One statement in 16 bytes. `shape` is the statement's kind (high 3 bits) and the forms of
/// its expressions (low 5): see `PackedForm`. Gaps are read low byte first, names low half
/// first; `tail` is the statement's end after its last token. An escaped statement (shape
/// `escape`) is `Statements.escapes[names]`.
@usableFromInline
struct PackedStmt: Sendable {
    @usableFromInline var start: UInt32
    @usableFromInline var gaps: UInt32
    @usableFromInline var names: UInt32
    @usableFromInline var name2: UInt16
    @usableFromInline var shape: UInt8
    @usableFromInline var tail: UInt8
    @usableFromInline static let escape: UInt8 = 0xFF
    /// Shapes from here on (a pool, an expectation, an escape) are read whole: `PackedKind.whole`.
    @usableFromInline static let firstWhole: UInt8 = PackedForm.bare << 5 | PackedForm.pool
    @inlinable init(start: UInt32, gaps: UInt32, names: UInt32, name2: UInt16, shape: UInt8, tail: UInt8) {
        self.start = start; self.gaps = gaps; self.names = names; self.name2 = name2; self.shape = shape; self.tail = tail
    }
}

/// The kinds (`shape >> 5`) and expression forms of a packed statement.
@usableFromInline
enum PackedForm {
    // kinds
    @usableFromInline static let assign: UInt8 = 0, retain: UInt8 = 1, release: UInt8 = 2, autorelease: UInt8 = 3
    @usableFromInline static let cfRelease: UInt8 = 4, watch: UInt8 = 5, send: UInt8 = 6, bare: UInt8 = 7
    // expression forms: an assignment's target in bits 0–1, its value in bits 2–4; the
    // operand of the other kinds in bits 0–1 (and a send's selector in bit 2)
    @usableFromInline static let name: UInt8 = 0, property: UInt8 = 1, ivar: UInt8 = 2
    @usableFromInline static let new: UInt8 = 3, newAutoreleased: UInt8 = 4, nilLiteral: UInt8 = 5
    // `bare` statements: `drain`, `super`, `autoreleasepool { … }` (its block in
    // `Statements.blocks`, by `names`), and `expect STATE path` without configurations
    // (`expectState`, the state in bits 2–3, the path's form in bits 0–1; its first gap is
    // from `expect` to the state's word, its second to the path).
    @usableFromInline static let drain: UInt8 = 0, superCall: UInt8 = 1, pool: UInt8 = 2, expectState: UInt8 = 16
    @usableFromInline static let states: [ObjectStateName] = [.alive, .deallocated, .isNil, .dangling]
}

/// The widths of a record's gaps and names: 8 and 16 bits in a `PackedStmt`, 4 and 12 in a
/// compact `PackedRecord`, which the run and the checker read in place (a cursor of each,
/// its widths constants).
@usableFromInline protocol PackedLanes {
    static var gapBits: UInt32 { get }
    static var nameBits: UInt64 { get }
}
@usableFromInline enum WideLanes: PackedLanes {
    @inlinable static var gapBits: UInt32 { 8 }
    @inlinable static var nameBits: UInt64 { 16 }
}
@usableFromInline enum CompactLanes: PackedLanes {
    @inlinable static var gapBits: UInt32 { 4 }
    @inlinable static var nameBits: UInt64 { 12 }
}

/// Reads a 16-byte record's tokens in order.
@usableFromInline typealias PackedCursor = LanesCursor<WideLanes>

/// Reads a record's tokens in order.
@usableFromInline
struct LanesCursor<L: PackedLanes> {
    @usableFromInline var p: Int
    @usableFromInline var gaps: UInt32
    @usableFromInline var names: UInt64
    @inlinable init(_ r: PackedStmt) {
        p = Int(r.start); gaps = r.gaps; names = UInt64(r.names) | UInt64(r.name2) << 32
    }
    @inlinable @inline(__always) init(compact c: PackedRecord) {
        p = Int(c.start); gaps = c.w1 >> 12 & 0xFFFF; names = UInt64(c.w2) | UInt64(c.w1 >> 28) << 32
    }
    @inlinable @inline(__always) mutating func gap() -> Int {
        let g = Int(gaps & (1 << L.gapBits - 1))
        gaps >>= L.gapBits
        return g
    }
    @inlinable @inline(__always) mutating func ident(_ table: UnsafeBufferPointer<PackedName>) -> Identifier {
        let s = p + gap()
        let n = table[Int(names & (1 << L.nameBits - 1))]
        names >>= L.nameBits
        p = s + Int(n.length)
        return Identifier(n.name, SourceRange(start: s, end: p), id: n.id)
    }
    /// A keyword of `length` bytes: its start.
    @inlinable mutating func keyword(_ length: Int) -> Int {
        let s = p + gap()
        p = s + length
        return s
    }
    /// An expression of form `f` (`newAutoreleased` ends at the statement's end, which the
    /// caller sets).
    @inlinable mutating func expr(_ f: UInt8, _ table: UnsafeBufferPointer<PackedName>) -> Expr {
        switch f {
        case PackedForm.name:
            let id = ident(table)
            return Expr(.name(id), range: id.range)
        case PackedForm.property, PackedForm.ivar:
            let base = ident(table)
            let member = ident(table)
            let b = Expr(.name(base), range: base.range)
            let range = SourceRange(start: base.range.start, end: member.range.end)
            return Expr(f == PackedForm.property ? .property(b, member) : .ivar(b, member), range: range)
        case PackedForm.new, PackedForm.newAutoreleased:
            let s = keyword(3)
            let c = ident(table)
            return Expr(.new(c, autoreleased: f == PackedForm.newAutoreleased), range: SourceRange(start: s, end: p))
        default:
            let s = keyword(3)
            return Expr(.nilLiteral, range: SourceRange(start: s, end: p))
        }
    }
}

public struct Statements: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral {
    @usableFromInline var records: PackedRecords
    @usableFromInline var store: PackedNames
    @usableFromInline var escapes: [Stmt]
    /// The blocks of the block's `autoreleasepool` records (a whole statement and its box
    /// were about 140 bytes more a pool; a script with a pool every few lines kept tens of MB).
    @usableFromInline var blocks: [Block]

    @usableFromInline init(records: PackedRecords, store: PackedNames, escapes: [Stmt], blocks: [Block]) {
        self.records = records; self.store = store; self.escapes = escapes; self.blocks = blocks
    }

    /// Packs `statements` (a rewrite's, a test's).
    public init(_ statements: [Stmt]) {
        var b = StatementsBuilder()
        var slots = NameSlots(dense: false)
        for s in statements { b.append(s, &slots) }
        self = b.finish(slots)
    }

    public init(arrayLiteral elements: Stmt...) { self.init(elements) }

    public typealias Index = Int
    public typealias Indices = Range<Int>
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { records.count }
    @inlinable public var count: Int { records.count }
    @inlinable public var indices: Range<Int> { 0..<records.count }
    @inlinable public func index(after i: Int) -> Int { i + 1 }
    @inlinable public func index(before i: Int) -> Int { i - 1 }

    /// The statement at `i`, rebuilt from its record.
    @inlinable public subscript(i: Int) -> Stmt {
        let r = records[i]
        if r.shape == PackedStmt.escape { return escapes[Int(r.names)] }
        return store.names.withUnsafeBufferPointer { n in blocks.withUnsafeBufferPointer { Self.decode(r, n, $0) } }
    }

    /// What statement `i` is (see `StatementsView.kind`), without the closure of `withView`.
    @inlinable public func kind(_ i: Int) -> PackedKind {
        let shape = records.shape(i)
        return shape >= PackedStmt.firstWhole ? .whole : PackedKind(rawValue: shape >> 5).unsafelyUnwrapped
    }

    /// The variable an assignment record assigns to, when its target is a name (see
    /// `StatementsView.assignedName`).
    @inlinable public func assignedName(_ i: Int) -> Identifier? {
        let r = records[i]
        guard r.shape != PackedStmt.escape, r.shape >> 5 == PackedForm.assign, r.shape & 3 == PackedForm.name else { return nil }
        let n = store.names[Int(r.names & 0xFFFF)]
        let s = Int(r.start) + Int(r.gaps & 0xFF)
        return Identifier(n.name, SourceRange(start: s, end: s + Int(n.length)), id: n.id)
    }

    /// How many statements are kept whole (for tests and the bench).
    public var escapedCount: Int { escapes.count }

    /// The room for records (see the parser's big blocks).
    public var capacity: Int { records.capacity }

    /// How many names the parse's table holds (for tests).
    public var nameCount: Int { store.names.count }

    /// Calls `body` with the statements' storage in place, for the loops that run or check
    /// every statement: they read a packed record's parts (`StatementsView.parts`) without
    /// building the whole `Stmt` (and destroying it after), which cost as much as the work.
    @inlinable public func withView<R>(_ body: (StatementsView) throws -> R) rethrows -> R {
        try records.withView { r in
            try store.names.withUnsafeBufferPointer { n in
                try escapes.withUnsafeBufferPointer { e in
                    try blocks.withUnsafeBufferPointer { b in try body(StatementsView(records: r, names: n, escapes: e, blocks: b)) }
                }
            }
        }
    }

    @inlinable static func decode(_ r: PackedStmt, _ table: UnsafeBufferPointer<PackedName>, _ blocks: UnsafeBufferPointer<Block>) -> Stmt {
        var c = PackedCursor(r)
        let forms = r.shape & 31
        let kind: StmtKind
        switch r.shape >> 5 {
        case PackedForm.assign:
            let t = c.expr(forms & 3, table)
            var v = c.expr(forms >> 2, table)
            let end = c.p + Int(r.tail)
            if forms >> 2 == PackedForm.newAutoreleased { v.range = SourceRange(start: v.range.start, end: end) }
            return Stmt(.assign(target: t, value: v), range: SourceRange(start: Int(r.start), end: end))
        case PackedForm.retain: kind = .retain(c.expr(forms & 3, table))
        case PackedForm.release: kind = .release(c.expr(forms & 3, table))
        case PackedForm.autorelease: kind = .autorelease(c.expr(forms & 3, table))
        case PackedForm.cfRelease: kind = .cfRelease(c.expr(forms & 3, table))
        case PackedForm.watch: kind = .watch(c.expr(forms & 3, table))
        case PackedForm.send:
            let e = c.expr(forms & 3, table)
            kind = .send(e, selector: forms & 4 != 0 ? c.ident(table) : nil, arguments: [])
        default:
            switch forms {
            case PackedForm.drain: kind = .drain
            case PackedForm.superCall: kind = .superCall
            case PackedForm.pool:
                let b = blocks[Int(r.names)]
                return Stmt(.autoreleasePool(b), range: SourceRange(start: Int(r.start), end: b.range.end))
            default:
                // `expect STATE path`: the expectation's range is from the state's word to
                // the path's end.
                let s = c.keyword(0)
                let path = c.expr(forms & 3, table)
                let e = Expectation(.state(path, PackedForm.states[Int(forms >> 2 & 3)]), range: SourceRange(start: s, end: c.p))
                kind = .expect(e)
            }
        }
        return Stmt(kind, range: SourceRange(start: Int(r.start), end: c.p + Int(r.tail)))
    }
}

/// Where a builder finds the index of a name in the parse's table (`store`). The parser keeps
/// one (`dense`): an entry per parser id. `Statements.init` (a rewrite's tree, ids of any
/// table) looks names up by text in a table of its own.
public struct NameSlots: Sendable {
    let store = PackedNames()
    var dense: [UInt16] = []
    var byText: [String: UInt16] = [:]
    let isDense: Bool
    public init(dense: Bool = true) { isDense = dense }

    /// Gives the names added by id (see `StatementsBuilder.appendRecord`) their text, once
    /// the parse is done.
    mutating func fillTexts(from table: NameTable) {
        for i in store.names.indices where store.names[i].name.isEmpty && store.names[i].id >= 0 {
            store.names[i].name = table[store.names[i].id]
        }
    }
}

/// Packs statements as the parser reads them: no array of full statements is ever held.
public struct StatementsBuilder: Sendable {
    var records = PackedRecords()
    var escapes: [Stmt] = []
    var blocks: [Block] = []

    public init() {}

    public var count: Int { records.count }

    /// Room for `n` statements in all (see the parser's `reserveForBigBlock`).
    public mutating func reserveCapacity(_ n: Int) { records.reserveCapacity(n) }

    /// Gives back room reserved and not used.
    public mutating func shrink() { records.shrink() }

    public mutating func append(_ s: consuming Stmt, _ slots: inout NameSlots) {
        if let r = pack(s, &slots) {
            records.append(r)
        } else {
            appendWhole(s)
        }
    }

    /// Keeps `s` whole, unpacked.
    public mutating func appendWhole(_ s: consuming Stmt) {
        records.append(PackedStmt(start: UInt32(truncatingIfNeeded: s.range.start), gaps: 0,
                                  names: UInt32(escapes.count), name2: 0, shape: PackedStmt.escape, tail: 0))
        escapes.append(s)
    }

    public var capacity: Int { records.capacity }

    /// The statements, their names in `slots`' table.
    public func finish(_ slots: NameSlots) -> Statements {
        Statements(records: records, store: slots.store, escapes: escapes, blocks: blocks)
    }

    /// The index of `id`'s name in the parse's table, added if new; nil when the table is
    /// full (65,536 names) or the name's range is not its length.
    private mutating func index(of id: Identifier, _ slots: inout NameSlots) -> UInt16? {
        let length = id.range.end - id.range.start
        if slots.isDense, id.nameID >= 0 { return index(id: id.nameID, length: length, &slots) { id.name } }
        if !slots.isDense, let l = slots.byText[id.name], slots.store.names[Int(l)].id == id.nameID {
            return slots.store.names[Int(l)].length == length ? l : nil
        }
        guard let l = add(id.name, id.nameID, length, slots.store) else { return nil }
        if !slots.isDense { slots.byText[id.name] = l }
        return l
    }

    /// The same for a name of the parser's table, by its id; `text` is asked for only when
    /// the name is new to the block.
    @inline(__always)
    private mutating func index(id: Int32, length: Int, _ slots: inout NameSlots, _ text: () -> String) -> UInt16? {
        let k = Int(id)
        if k < slots.dense.count {
            let l = Int(slots.dense[k])
            if l < slots.store.names.count, slots.store.names[l].id == id {
                return slots.store.names[l].length == length ? UInt16(l) : nil
            }
        } else {
            slots.dense += repeatElement(0, count: max(k + 1 - slots.dense.count, slots.dense.count))
        }
        guard let l = add(text(), id, length, slots.store) else { return nil }
        slots.dense[k] = l
        return l
    }

    private func add(_ name: String, _ id: Int32, _ length: Int, _ store: PackedNames) -> UInt16? {
        guard store.names.count <= Int(UInt16.max), length >= 0, length <= Int(Int32.max) else { return nil }
        store.names.append(PackedName(name: name, id: id, length: Int32(length)))
        return UInt16(store.names.count - 1)
    }

    /// For the parser: a statement given by its kind (`PackedForm`), operands as read (the
    /// second an assignment's value) and range, packed without any `Expr` made. False when
    /// it does not fit a record (nothing is added then).
    mutating func appendRecord(kind: UInt8, _ x: PackableOperand, _ y: PackableOperand?, start: Int, end: Int,
                               _ slots: inout NameSlots) -> Bool {
        var e = Encoder(p: start)
        guard start >= 0, operand(x, &e, &slots) else { return false }
        var forms = x.form
        if let y {
            guard operand(y, &e, &slots) else { return false }
            forms |= kind == PackedForm.send ? 4 : y.form << 2  // a send's selector is a name
        }
        let tail = end - e.p
        guard tail >= 0, tail < 256 else { return false }
        records.append(PackedStmt(start: UInt32(start), gaps: e.gaps, names: UInt32(truncatingIfNeeded: e.names),
                                  name2: UInt16(truncatingIfNeeded: e.names >> 32), shape: kind << 5 | forms, tail: UInt8(tail)))
        return true
    }

    private mutating func operand(_ o: PackableOperand, _ e: inout Encoder, _ slots: inout NameSlots) -> Bool {
        switch o.form {
        case PackedForm.name:
            return ident(o.a, o.aRange, &e, &slots)
        case PackedForm.property, PackedForm.ivar:
            return ident(o.a, o.aRange, &e, &slots) && ident(o.b, o.bRange, &e, &slots)
        case PackedForm.new, PackedForm.newAutoreleased:
            guard e.gap(to: o.start) else { return false }
            e.p += 3
            return ident(o.a, o.aRange, &e, &slots)
        default:
            guard e.gap(to: o.start) else { return false }
            e.p += 3
            return true
        }
    }

    @inline(__always)
    private mutating func ident(_ id: Int32, _ r: SourceRange, _ e: inout Encoder, _ slots: inout NameSlots) -> Bool {
        // The text is filled in at the end of the parse (`NameSlots.fillTexts`): the parser's
        // table is not at hand here.
        guard id >= 0, e.nameCount < 3, e.gap(to: r.start),
              let l = index(id: id, length: r.end - r.start, &slots, { "" }) else { return false }
        e.names |= UInt64(l) &<< UInt64(16 &* e.nameCount)  // at most 3 names: no shift past the word
        e.nameCount &+= 1
        e.p = r.end
        return true
    }

    /// The record of `s`, or nil when it does not fit one.
    private mutating func pack(_ s: Stmt, _ slots: inout NameSlots) -> PackedStmt? {
        var e = Encoder(p: s.range.start)
        let kind: UInt8, forms: UInt8
        switch s.kind {
        case .assign(let t, let v):
            guard let ft = expr(t, &e, &slots, value: false), let fv = expr(v, &e, &slots, value: true) else { return nil }
            if fv == PackedForm.newAutoreleased, v.range.end != s.range.end { return nil }
            kind = PackedForm.assign; forms = ft | fv << 2
        case .retain(let x): kind = PackedForm.retain; guard let f = expr(x, &e, &slots, value: false) else { return nil }; forms = f
        case .release(let x): kind = PackedForm.release; guard let f = expr(x, &e, &slots, value: false) else { return nil }; forms = f
        case .autorelease(let x): kind = PackedForm.autorelease; guard let f = expr(x, &e, &slots, value: false) else { return nil }; forms = f
        case .cfRelease(let x): kind = PackedForm.cfRelease; guard let f = expr(x, &e, &slots, value: false) else { return nil }; forms = f
        case .watch(let x): kind = PackedForm.watch; guard let f = expr(x, &e, &slots, value: false) else { return nil }; forms = f
        case .send(let x, let sel, let args):
            guard args.isEmpty, let f = expr(x, &e, &slots, value: false) else { return nil }
            if let sel { guard ident(sel, &e, &slots) else { return nil } }
            kind = PackedForm.send; forms = f | (sel == nil ? 0 : 4)
        case .drain: kind = PackedForm.bare; forms = PackedForm.drain
        case .superCall: kind = PackedForm.bare; forms = PackedForm.superCall
        case .autoreleasePool(let b):
            // The statement ends where its block does (the `}`).
            guard s.range.start >= 0, s.range.end == b.range.end, blocks.count < Int(UInt32.max) else { return nil }
            blocks.append(b)
            return PackedStmt(start: UInt32(s.range.start), gaps: 0, names: UInt32(blocks.count - 1), name2: 0,
                              shape: PackedForm.bare << 5 | PackedForm.pool, tail: 0)
        case .expect(let x):
            guard x.scope == nil, case .state(let path, let state) = x.kind,
                  e.gap(to: x.range.start), let f = expr(path, &e, &slots, value: false), x.range.end == e.p,
                  let k = PackedForm.states.firstIndex(of: state) else { return nil }
            kind = PackedForm.bare; forms = PackedForm.expectState | UInt8(k) << 2 | f
        default: return nil
        }
        let tail = s.range.end - e.p
        guard tail >= 0, tail < 256, s.range.start >= 0 else { return nil }
        return PackedStmt(start: UInt32(s.range.start), gaps: e.gaps, names: UInt32(truncatingIfNeeded: e.names),
                          name2: UInt16(truncatingIfNeeded: e.names >> 32), shape: kind << 5 | forms, tail: UInt8(tail))
    }

    /// Writes the tokens after `e.p`, in order.
    private struct Encoder {
        var p: Int
        var gaps: UInt32 = 0
        var gapCount = 0
        var names: UInt64 = 0
        var nameCount = 0
        @inline(__always) mutating func gap(to position: Int) -> Bool {
            let g = position - p
            guard g >= 0, g < 256, gapCount < 4 else { return false }
            gaps |= UInt32(truncatingIfNeeded: g) &<< UInt32(8 &* gapCount)  // at most 4 gaps of a byte
            gapCount &+= 1
            p = position
            return true
        }
    }

    private mutating func ident(_ id: Identifier, _ e: inout Encoder, _ slots: inout NameSlots) -> Bool {
        guard e.nameCount < 3, e.gap(to: id.range.start), let l = index(of: id, &slots) else { return false }
        e.names |= UInt64(l) &<< UInt64(16 &* e.nameCount)  // at most 3 names: no shift past the word
        e.nameCount &+= 1
        e.p = id.range.end
        return true
    }

    /// The form of `x` with its tokens written, or nil. `new` and `nil` only as a value.
    private mutating func expr(_ x: Expr, _ e: inout Encoder, _ slots: inout NameSlots, value: Bool) -> UInt8? {
        switch x.kind {
        case .name(let id):
            guard x.range == id.range, ident(id, &e, &slots) else { return nil }
            return PackedForm.name
        case .property(let base, let member), .ivar(let base, let member):
            guard case .name(let b) = base.kind, base.range == b.range,
                  x.range == SourceRange(start: b.range.start, end: member.range.end),
                  ident(b, &e, &slots), ident(member, &e, &slots) else { return nil }
            if case .property = x.kind { return PackedForm.property }
            return PackedForm.ivar
        case .new(let c, let autoreleased):
            guard value, e.gap(to: x.range.start) else { return nil }
            e.p += 3
            guard ident(c, &e, &slots) else { return nil }
            if autoreleased { return PackedForm.newAutoreleased }
            return x.range.end == c.range.end ? PackedForm.new : nil
        case .nilLiteral:
            guard value, x.range.end - x.range.start == 3, e.gap(to: x.range.start) else { return nil }
            e.p += 3
            return PackedForm.nilLiteral
        default:
            return nil
        }
    }
}

/// What a packed statement is, read from its record alone.
public enum PackedKind: UInt8 {
    case assign, retain, release, autorelease, cfRelease, watch, send, bare
    /// Kept whole, or an `autoreleasepool` or `expect STATE path` record: read it with
    /// `StatementsView.statement`.
    case whole
}

/// The operands of an assignment, retain, release or autorelease record: the target (or
/// operand) and the value (for the others, a `nil` of no range).
public struct PackedParts {
    public var range: SourceRange
    public var first: Expr
    public var second: Expr
    @inlinable init(range: SourceRange, first: Expr, second: Expr) { self.range = range; self.first = first; self.second = second }
}

/// A block's statements in place (see `Statements.withView`); valid inside the call only.
public struct StatementsView {
    @usableFromInline let records: PackedRecordsView
    @usableFromInline let names: UnsafeBufferPointer<PackedName>
    @usableFromInline let escapes: UnsafeBufferPointer<Stmt>
    @usableFromInline let blocks: UnsafeBufferPointer<Block>
    @inlinable init(records: PackedRecordsView, names: UnsafeBufferPointer<PackedName>, escapes: UnsafeBufferPointer<Stmt>,
                    blocks: UnsafeBufferPointer<Block>) {
        self.records = records; self.names = names; self.escapes = escapes; self.blocks = blocks
    }

    @inlinable public var count: Int { records.count }

    @inlinable public func kind(_ i: Int) -> PackedKind {
        let shape = records.shape(i)
        return shape >= PackedStmt.firstWhole ? .whole : PackedKind(rawValue: shape >> 5).unsafelyUnwrapped
    }

    /// Where statement `i` starts.
    @inlinable public func start(_ i: Int) -> Int {
        // A compact record's start is its own (a wide one's is the same), an escape's the
        // statement's.
        records.shape(i) == PackedStmt.escape ? escapes[Int(records[i].names)].range.start : Int(records.start(i))
    }

    /// Statement `i` whole (rebuilt, or the one kept).
    @inlinable public func statement(_ i: Int) -> Stmt {
        let r = records[i]
        return r.shape == PackedStmt.escape ? escapes[Int(r.names)] : Statements.decode(r, names, blocks)
    }

    /// The block of statement `i` when it is an `autoreleasepool` record: read without
    /// rebuilding the statement (and its box).
    @inlinable public func poolBlock(_ i: Int) -> Block? {
        let r = records[i]
        return r.shape == PackedForm.bare << 5 | PackedForm.pool ? blocks[Int(r.names)] : nil
    }

    /// Whether statement `i` is an expectation (a record or kept whole), without rebuilding it.
    @inlinable public func isExpectation(_ i: Int) -> Bool {
        let r = records[i]
        if r.shape == PackedStmt.escape {
            if case .expect = escapes[Int(r.names)].kind { return true }
            return false
        }
        return r.shape >> 5 == PackedForm.bare && r.shape & PackedForm.expectState != 0
    }

    /// The expectation of statement `i` when it is an `expect STATE path` record, made
    /// without the statement around it (and its box).
    @inlinable public func stateExpectation(_ i: Int) -> Expectation? {
        let r = records[i]
        guard r.shape != PackedStmt.escape, r.shape >> 5 == PackedForm.bare, r.shape & PackedForm.expectState != 0 else { return nil }
        var c = PackedCursor(r)
        let s = c.keyword(0)
        let path = c.expr(r.shape & 3, names)
        return Expectation(.state(path, PackedForm.states[Int(r.shape >> 2 & 3)]), range: SourceRange(start: s, end: c.p))
    }

    /// The parts of an `assign`, `retain`, `release` or `autorelease` record.
    @inlinable public func parts(_ i: Int) -> PackedParts {
        // Read from the compact record in place, or from the 16-byte one kept beside it.
        let k = records.compact[i]
        if UInt8(truncatingIfNeeded: k.w1) != PackedRecord.wideShape {
            var c = LanesCursor<CompactLanes>(compact: k)
            return Self.parts(&c, shape: UInt8(truncatingIfNeeded: k.w1), tail: Int(k.w1 >> 8 & 0xF), names)
        }
        let r = records.wide[Int(k.w2)]
        var c = PackedCursor(r)
        return Self.parts(&c, shape: r.shape, tail: Int(r.tail), names)
    }

    @inlinable @inline(__always)
    static func parts<L>(_ c: inout LanesCursor<L>, shape: UInt8, tail: Int, _ names: UnsafeBufferPointer<PackedName>) -> PackedParts {
        let start = c.p
        let forms = shape & 31
        let first = c.expr(forms & 3, names)
        if shape >> 5 != PackedForm.assign {
            return PackedParts(range: SourceRange(start: start, end: c.p + tail), first: first,
                               second: Expr(.nilLiteral, range: .none))
        }
        var second = c.expr(forms >> 2, names)
        let end = c.p + tail
        if forms >> 2 == PackedForm.newAutoreleased { second.range = SourceRange(start: second.range.start, end: end) }
        return PackedParts(range: SourceRange(start: start, end: end), first: first, second: second)
    }

    /// The variable an assignment record assigns to, when its target is a name.
    @inlinable public func assignedName(_ i: Int) -> Identifier? {
        let r = records[i]
        guard r.shape != PackedStmt.escape, r.shape >> 5 == PackedForm.assign, r.shape & 3 == PackedForm.name else { return nil }
        var c = PackedCursor(r)
        return c.ident(names)
    }
}

/// An operand as the parser read it, before any `Expr` is made (see `ScriptParser.parsePacked`):
/// a name (`a`), a one-step path (`a` and `b`), `new a [autoreleased]` or `nil` (from `start`).
struct PackableOperand {
    var form: UInt8
    var a: Int32 = -1
    var aRange = SourceRange.none
    var b: Int32 = -1
    var bRange = SourceRange.none
    var start = 0
    /// Where `new … [autoreleased]` or `nil` ends.
    var end = 0
}
