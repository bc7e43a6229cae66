// Interned names. The lexer looks every identifier up here by its bytes, so a name that a
// script uses a million times is decoded into a String once, and every token of it carries
// the same small id. Keywords are interned first, in `Keyword` order, so the parser tells a
// keyword by comparing ids instead of building and comparing Strings.

/// One String and one dense id per distinct name of a file.
public struct NameTable: Sendable {
    /// The names by id.
    public private(set) var strings: [String] = []
    /// Open addressing with linear probing. A slot holds the high half of its name's hash and
    /// the name's id + 1 (0 is an empty slot), so a probe touches one array until the hashes
    /// agree; only then are the names compared. The count is a power of two, at least twice
    /// the number of names.
    private var slots = [UInt64](repeating: 0, count: 256)
    /// By id: the name's first eight bytes as one word, its length and where its bytes are in
    /// `utf8`. A name of eight bytes or fewer (nearly all of a script's) is compared as one
    /// word and one length, where a loop over its bytes cost the lexer a fifth of its time.
    private var keys: [NameKey] = []
    /// Every name's UTF-8 bytes, one after another (`keys` says where each is).
    private var utf8: [UInt8] = []

    public init() {
        for k in Keyword.allCases {
            let utf8 = Array(k.text.utf8)
            let id = intern(utf8, 0..<utf8.count)
            assert(id == k.rawValue, "keywords are interned first, in order")
        }
    }

    public var count: Int { strings.count }

    public subscript(id: Int32) -> String { strings[Int(id)] }

    /// The id of `source[range]`, a name added if it is new.
    public mutating func intern(_ source: [UInt8], _ range: Range<Int>) -> Int32 {
        source.withUnsafeBufferPointer { b in
            let name = UnsafeBufferPointer(rebasing: b[range])
            let key = NameKey(name)
            return intern(name, key: key, hash: NameHash(name, key: key))
        }
    }

    /// The id of `name`, added if it is new: one hash of its bytes in place, and the String
    /// itself kept (an Interface Builder file's million names are interned this way; copying
    /// each into an array, hashing it again and decoding a second String cost more than the
    /// table).
    public mutating func intern(_ name: String) -> Int32 {
        var bytesOf = name
        return bytesOf.withUTF8 { bytes in
            let key = NameKey(bytes)
            let h = NameHash(bytes, key: key)
            let (found, i) = probe(h) { equals($0, key, bytes) }
            if let found { return found }
            return add(name, bytes, key: key, hash: h, at: i)
        }
    }

    /// The id of the name `source[start ..< end]`, added if it is new, whose first eight
    /// bytes the lexer read as one word as it scanned them (`head`).
    @inline(__always)
    mutating func intern(_ source: [UInt8], _ start: Int, _ end: Int, head: UInt64) -> Int32 {
        source.withUnsafeBufferPointer { b in
            let name = UnsafeBufferPointer(rebasing: b[start ..< end])
            let key = NameKey(head: head, length: end - start)
            return intern(name, key: key, hash: end - start <= 8 ? NameHash(short: head, length: end - start) : NameHash(name, key: key))
        }
    }

    /// The same, in the lexer's buffer.
    @inline(__always)
    mutating func intern(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, head: UInt64) -> Int32 {
        let name = UnsafeBufferPointer(rebasing: b[start ..< end])
        let key = NameKey(head: head, length: end - start)
        return intern(name, key: key, hash: end - start <= 8 ? NameHash(short: head, length: end - start) : NameHash(name, key: key))
    }

    @inline(__always)
    private mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, key: NameKey, hash h: NameHash) -> Int32 {
        let (found, i) = probe(h) { equals($0, key, bytes) }
        if let found { return found }
        return add(String(decoding: bytes, as: UTF8.self), bytes, key: key, hash: h, at: i)
    }

    /// The id of `name` if it has been interned: a hash of its bytes and one comparison
    /// (no SipHash, no allocation).
    public func id(of name: String) -> Int32? {
        var bytesOf = name
        return bytesOf.withUTF8 { bytes in
            let key = NameKey(bytes)
            return probe(NameHash(bytes, key: key)) { equals($0, key, bytes) }.id
        }
    }

    /// Where the name hashed `h` is (its id), or else the empty slot where it would go;
    /// `matches` tells whether a candidate id is the name (the hashes' high halves agree).
    @inline(__always)
    private func probe(_ h: NameHash, _ matches: (Int) -> Bool) -> (id: Int32?, slot: Int) {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            let hash = h.value
            var i = h.home & mask
            while true {
                let slot = slots[i]
                if slot == 0 { return (nil, i) }
                let id = Int(UInt32(truncatingIfNeeded: slot)) - 1
                if slot >> 32 == hash >> 32 && matches(id) { return (Int32(id), i) }
                i = (i + 1) & mask
            }
        }
    }

    /// Adds a name at the empty slot its probe ended at.
    @inline(never)
    private mutating func add(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>, key: NameKey, hash h: NameHash, at i: Int) -> Int32 {
        let id = strings.count
        slots[i] = Self.slot(h.value, id)
        strings.append(string)
        var k = key
        k.start = Int32(truncatingIfNeeded: utf8.count)
        keys.append(k)
        utf8 += bytes
        if strings.count * 2 > slots.count { grow() }
        return Int32(id)
    }

    @inline(__always)
    private static func slot(_ hash: UInt64, _ id: Int) -> UInt64 {
        (hash >> 32) << 32 | UInt64(UInt32(id + 1))
    }

    /// Whether name `id` is `bytes`, whose key is `key`: the first word and the length, then
    /// (past eight bytes) the rest.
    @inline(__always)
    private func equals(_ id: Int, _ key: NameKey, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let mine = keys.withUnsafeBufferPointer { $0[id] }
        guard mine.head == key.head, mine.length == key.length else { return false }
        if mine.length <= 8 { return true }
        return restEquals(Int(mine.start), bytes)
    }

    /// The bytes of a long name past its first eight.
    @inline(never)
    private func restEquals(_ start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8.withUnsafeBufferPointer { mine in
            var i = start + 8, j = 8
            while j < bytes.count {
                if mine[i] != bytes[j] { return false }
                i += 1
                j += 1
            }
            return true
        }
    }

    /// Room for `more` names beyond those held, so that adding them never rehashes.
    public mutating func reserveCapacity(forMore more: Int) {
        guard more > 0 else { return }
        strings.reserveCapacity(strings.count + more)
        keys.reserveCapacity(keys.count + more)
        var target = slots.count
        while (strings.count + more) * 2 > target { target *= 2 }
        if target > slots.count { grow(to: target) }
    }

    private mutating func grow() { grow(to: slots.count * 2) }

    private mutating func grow(to count: Int) {
        let mask = count - 1
        var new = [UInt64](repeating: 0, count: count)
        utf8.withUnsafeBufferPointer { bytes in
            for id in strings.indices {
                let k = keys[id]
                let name = UnsafeBufferPointer(rebasing: bytes[Int(k.start) ..< Int(k.start) + Int(k.length)])
                let h = NameHash(name, key: k)
                var i = h.home & mask
                while new[i] != 0 { i = (i + 1) & mask }
                new[i] = Self.slot(h.value, id)
            }
        }
        slots = new
    }
}

/// A name's first eight bytes as a little-endian word (zeros past its end) and its length:
/// what the table compares first.
struct NameKey: Sendable {
    var head: UInt64
    var length: Int32
    /// Where the name's bytes start in the table's `utf8` (set when it is added).
    var start: Int32 = 0

    @inline(__always)
    init(head: UInt64, length: Int) {
        self.head = head; self.length = Int32(truncatingIfNeeded: length)
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.init(head: NameHash.word(bytes, 0, min(8, bytes.count)), length: bytes.count)
    }
}

/// A name's hash, and where in the table its probe starts.
///
/// Names that differ only in their last byte start in the same block of sixteen slots (two
/// cache lines), at the position of that byte's low four bits: `n120` … `n129` land side by
/// side, without colliding. A generated script names its objects `n1` … `n1000000`, declares
/// them in order and connects them in order, and a table of a million names (16 MB) no longer
/// fits in the caches or the TLB: with a hash that scatters every name, each lookup was a
/// cache miss and a page walk (the lexer's time grew 15 to 35 times for 10 times the
/// names). Now ten names in a row share a block. No more than 63 names (the bytes a name
/// can end with) share a block's start, so a block's run of full slots stays short.
///
/// The bytes are taken eight at a time (a multiply per word, where a byte at a time cost a
/// multiply per byte), the last byte apart: the block is the hash of the rest and the length.
struct NameHash: Sendable {
    /// The hash of every byte: its high half tells names apart in a slot.
    let value: UInt64
    /// Where the probe starts (before masking): the block of every byte but the last, the
    /// last byte's place in it.
    let home: Int

    /// `bytes`, whose first eight bytes (or fewer) are `key.head`.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, key: NameKey) {
        let n = bytes.count
        guard n > 8 else { self.init(short: key.head, length: n); return }
        // Every whole word but the one holding the last byte, then that word.
        var state = Self.seed ^ UInt64(n)
        state = Self.mix(state, key.head)
        var i = 8
        while n - i > 8 {
            state = Self.mix(state, Self.word(bytes, i, 8))
            i += 8
        }
        self.init(state: state, tail: Self.word(bytes, i, n - i), tailLength: n - i)
    }

    /// A name of at most eight bytes: `word` holds them.
    @inline(__always)
    init(short word: UInt64, length n: Int) {
        guard n > 0 else { self.init(state: Self.seed, tail: 0, tailLength: 0); return }
        self.init(state: Self.seed ^ UInt64(n), tail: word, tailLength: n)
    }

    /// `tail`: the last word (1 to 8 bytes, zeros above), after `state` took the rest.
    @inline(__always)
    private init(state: UInt64, tail: UInt64, tailLength: Int) {
        let shift = UInt64(truncatingIfNeeded: 8 &* (tailLength &- 1)) & 63
        let last = tailLength > 0 ? (tail >> shift) & 0xFF : 0
        let rest = tailLength > 0 ? tail ^ (last << shift) : 0
        let block = Self.finish(Self.mix(state, rest))
        value = Self.finish(block ^ (last &+ 1) &* 0xD6E8_FEB8_6659_FD93)
        home = Int(truncatingIfNeeded: (block & ~15) | (last & 15))
    }

    static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let x = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
        return x ^ (x >> 32)
    }

    /// Spreads every bit over the low ones too (the table's mask keeps the low bits).
    @inline(__always)
    static func finish(_ h: UInt64) -> UInt64 {
        var x = (h ^ (h >> 32)) &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 29
        return x
    }

    /// `count` (0 to 8) bytes of `bytes` from `i`, little-endian, zeros above.
    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ count: Int) -> UInt64 {
        var w: UInt64 = 0
        var k = count
        while k > 0 {
            k -= 1
            w = w << 8 | UInt64(bytes[i + k])
        }
        return w
    }
}

/// The words the parser recognises by id (see `NameTable`). Keywords are contextual: a
/// keyword's id only says which word a token is; the grammar decides what it means there.
public enum Keyword: Int32, CaseIterable, Sendable {
    // Statement verbs.
    case retain, release, autorelease, cfRelease, send, load, drain, watch, `super`, expect
    case autoreleasepool, choose, or, new, `nil`, autoreleased
    // Nib declarations and items.
    case nib, owner, main, from, connect, action, `as`, stale
    // Class members and expectations.
    case outlet, ivar, no, leaks, zombies, event, crash
    // Conditions in method bodies.
    case `if`, `else`
    /// Not a keyword of the grammar: interned first so that the checker tells `self` by id.
    case `self`

    public var text: String { Keyword.texts[Int(rawValue)] }

    /// In case order (a test checks each against its case name).
    static let texts = ["retain", "release", "autorelease", "CFRelease", "send", "load", "drain", "watch", "super",
                        "expect", "autoreleasepool", "choose", "or", "new", "nil", "autoreleased",
                        "nib", "owner", "main", "from", "connect", "action", "as", "stale",
                        "outlet", "ivar", "no", "leaks", "zombies", "event", "crash", "if", "else", "self"]
}

/// A map from names to indices that finds a name of the file by its interned id (see
/// `NameTable.id(of:)`, then an array index: no SipHash per use) and any other name (one an
/// Interface Builder file or a rewrite brought) by its id in a table of its own, the same
/// way. Scopes and nib builders map a million names this way: a `.xib` of a million objects
/// brings a million names the file never wrote, and a String-keyed dictionary of them missed
/// the caches on every probe and rehashed every name each time it grew.
public struct NameIndex: Sendable {
    public let names: NameTable
    /// By id: index + 1, or 0 when absent. Grown as ids come.
    private var byID: [Int32] = []
    /// Names the file's table does not hold, made on the first of them.
    private var others: NameTable?
    /// By id in `others`: index + 1, or 0 when absent.
    private var byOtherID: [Int32] = []

    public init(names: NameTable) { self.names = names }

    /// The id of `name` in `others`, added if it is new.
    private mutating func otherID(adding name: String) -> Int {
        if others == nil { others = NameTable() }
        let k = Int(others!.intern(name))
        if k >= byOtherID.count { byOtherID += repeatElement(0, count: max(k + 1 - byOtherID.count, byOtherID.count)) }
        return k
    }

    private func otherIndex(_ name: String) -> Int? {
        guard let k = others?.id(of: name), Int(k) < byOtherID.count, byOtherID[Int(k)] > 0 else { return nil }
        return Int(byOtherID[Int(k)] - 1)
    }

    public subscript(_ name: Identifier) -> Int? {
        if byID.isEmpty && others == nil { return nil }
        // By the id the parser gave the name, when this table has that name under it: an
        // array read, where the String's hash and probe cost about 260 instructions.
        if let i = tableIndex(name) { return i < byID.count && byID[i] > 0 ? Int(byID[i] - 1) : nil }
        return self[name.name]
    }

    /// The same for a name given by its text and the id the parser gave it (a packed
    /// record's, see `PackedNameRef`): no `Identifier` made.
    @inline(__always)
    public func index(of name: String, id k: Int32) -> Int? {
        if byID.isEmpty && others == nil { return nil }
        if k >= 0, Int(k) < names.count, names[k] == name {
            let i = Int(k)
            return i < byID.count && byID[i] > 0 ? Int(byID[i] - 1) : nil
        }
        return self[name]
    }

    /// The identifier's id as an index into `byID`, when this index's table has its name
    /// under that id (one comparison of equal Strings); else nil.
    @inline(__always)
    private func tableIndex(_ name: Identifier) -> Int? {
        let k = name.nameID
        guard k >= 0, Int(k) < names.count, names[k] == name.name else { return nil }
        return Int(k)
    }

    public subscript(_ name: String) -> Int? {
        // An empty index (a scope with no nib objects, asked of every name assigned) answers
        // without hashing the name.
        if byID.isEmpty && others == nil { return nil }
        if let k = names.id(of: name) {
            let i = Int(k)
            return i < byID.count && byID[i] > 0 ? Int(byID[i] - 1) : nil
        }
        return otherIndex(name)
    }

    /// Maps `name` to `index`, replacing what it mapped to.
    public mutating func set(_ name: String, to index: Int) {
        guard let k = names.id(of: name) else {
            let j = otherID(adding: name)
            byOtherID[j] = Int32(index + 1)
            return
        }
        let i = Int(k)
        if i >= byID.count { byID += repeatElement(0, count: max(i + 1 - byID.count, byID.count)) }
        byID[i] = Int32(index + 1)
    }

    public mutating func set(_ name: Identifier, to index: Int) {
        guard let i = tableIndex(name) else { set(name.name, to: index); return }
        set(id: Int32(i), to: index)
    }

    /// `setIfAbsent` by the identifier's id when this table has it (see `tableIndex`).
    public mutating func setIfAbsent(_ name: Identifier, to index: Int) -> Bool {
        guard let i = tableIndex(name) else { return setIfAbsent(name.name, to: index) }
        if i >= byID.count { byID += repeatElement(0, count: max(i + 1 - byID.count, byID.count)) }
        if byID[i] > 0 { return false }
        byID[i] = Int32(index + 1)
        return true
    }

    /// The index of the name with id `k` in the table: an array read.
    public subscript(id k: Int32) -> Int? {
        let i = Int(k)
        return i >= 0 && i < byID.count && byID[i] > 0 ? Int(byID[i] - 1) : nil
    }

    /// Maps the name with id `k` in the table to `index`.
    public mutating func set(id k: Int32, to index: Int) {
        let i = Int(k)
        if i >= byID.count { byID += repeatElement(0, count: max(i + 1 - byID.count, byID.count)) }
        byID[i] = Int32(index + 1)
    }

    /// Maps `name` to `index` unless it maps to something already; returns whether it did:
    /// one lookup of the name for both.
    public mutating func setIfAbsent(_ name: String, to index: Int) -> Bool {
        guard let k = names.id(of: name) else {
            if otherIndex(name) != nil { return false }
            byOtherID[otherID(adding: name)] = Int32(index + 1)
            return true
        }
        let i = Int(k)
        if i >= byID.count { byID += repeatElement(0, count: max(i + 1 - byID.count, byID.count)) }
        if byID[i] > 0 { return false }
        byID[i] = Int32(index + 1)
        return true
    }

    /// Maps `name` to `index` and returns what it mapped to before: one lookup of the name
    /// for both.
    public mutating func updateValue(_ index: Int, forName name: String) -> Int? {
        guard let k = names.id(of: name) else {
            let j = otherID(adding: name)
            let old = byOtherID[j]
            byOtherID[j] = Int32(index + 1)
            return old > 0 ? Int(old - 1) : nil
        }
        let i = Int(k)
        if i >= byID.count { byID += repeatElement(0, count: max(i + 1 - byID.count, byID.count)) }
        let old = byID[i]
        byID[i] = Int32(index + 1)
        return old > 0 ? Int(old - 1) : nil
    }

    /// Maps the name with id `k` in the table to `index` and returns what it mapped to before.
    public mutating func updateValue(_ index: Int, forID k: Int32) -> Int? {
        let i = Int(k)
        if i >= byID.count { byID += repeatElement(0, count: max(i + 1 - byID.count, byID.count)) }
        let old = byID[i]
        byID[i] = Int32(index + 1)
        return old > 0 ? Int(old - 1) : nil
    }

    /// Every name mapped and its index: names of the table first, by id, then the others
    /// in the order they were first mapped.
    public func forEach(_ body: (String, Int) -> Void) {
        for i in byID.indices where byID[i] > 0 { body(names[Int32(i)], Int(byID[i] - 1)) }
        guard let others else { return }
        for j in byOtherID.indices where byOtherID[j] > 0 { body(others[Int32(j)], Int(byOtherID[j] - 1)) }
    }

    /// Room for `count` names the table does not hold.
    public mutating func reserveCapacityForOtherNames(_ count: Int) {
        guard count > 0 else { return }
        if others == nil { others = NameTable() }
        others!.reserveCapacity(forMore: count)
        byOtherID.reserveCapacity(others!.count + count)
    }

    /// Room for every name of the table, so a big scope does not grow step by step.
    public mutating func reserveAll() {
        if byID.count < names.count { byID += repeatElement(0, count: names.count - byID.count) }
    }
}
