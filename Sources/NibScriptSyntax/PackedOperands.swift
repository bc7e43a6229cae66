// A packed record's operands read in place, names by reference (issue 27, item 5). The
// checker and the interpreter read an assignment's, retain's, release's, autorelease's or
// send's operands from here: `StatementsView.parts` made an `Identifier` (with its
// `String`) for each name and an `Expr` for each operand, a box for a path, and destroyed
// them after — about 450 instructions a statement, more than checking it. A
// `PackedNameRef` is a pointer into the parse's table of names and the name's start, so
// reading an operand copies no `String` and retains nothing.

/// A name of a packed record: where its table entry is and where it starts (16 bytes: an
/// operand without a name, `nil`'s, has no entry).
public struct PackedNameRef {
    @usableFromInline let entry: UnsafePointer<PackedName>?
    @usableFromInline let offset: Int32
    /// The name's index in its parse's table (see `StatementsView.namesToken`): the same
    /// index is the same name text in every block of that parse.
    public let index: Int32
    @inlinable init(entry: UnsafePointer<PackedName>?, index: Int32, start: Int) {
        self.entry = entry; self.index = index; offset = Int32(truncatingIfNeeded: start)
    }
    /// No name (a computed value: a `static let` was a call to its initializer's guard).
    @inlinable static var none: PackedNameRef { PackedNameRef(entry: nil, index: -1, start: 0) }

    @inlinable public var exists: Bool { entry != nil }
    /// The id the parser interned the name under (`Identifier.nameID`).
    @inlinable public var id: Int32 { entry.unsafelyUnwrapped.pointee.id }
    /// The name's text (shared with the table).
    @inlinable public var name: String { entry.unsafelyUnwrapped.pointee.name }
    /// Where the name starts (records hold starts of 32 bits).
    @inlinable public var start: Int { Int(UInt32(bitPattern: offset)) }
    @inlinable public var end: Int { start + Int(entry.unsafelyUnwrapped.pointee.length) }
    @inlinable public var range: SourceRange { SourceRange(start: start, end: end) }
    /// The `Identifier` the parser would have made.
    @inlinable public var identifier: Identifier { Identifier(name, range, id: id) }
    /// Whether the name is `self` (by its id, as `Identifier.isSelf`).
    @inlinable public var isSelf: Bool {
        let id = self.id
        return id >= 0 ? id == Keyword.`self`.rawValue : name == "self"
    }
    /// Whether the name's text ends with `byte` (a selector's colon).
    @inlinable public func ends(with byte: UInt8) -> Bool { entry.unsafelyUnwrapped.pointee.name.utf8.last == byte }
}

/// An operand of a packed record (see `PackedForm`).
public struct PackedOperand {
    public enum Form: UInt8 { case name, property, ivar, new, newAutoreleased, nilLiteral }
    /// The name, a path's base, or the class of `new`.
    public let a: PackedNameRef
    /// A path's member.
    public let b: PackedNameRef
    public let form: Form
    @inlinable init(form: Form, a: PackedNameRef, b: PackedNameRef) { self.form = form; self.a = a; self.b = b }
}

/// A packed record's operands: an assignment's target and value, the operand of the other
/// kinds (and a send's selector).
public struct PackedOperands {
    public let first: PackedOperand
    /// An assignment's value (`nil` for the other kinds).
    public let second: PackedOperand
    /// A send's one-word selector (`exists` false when it has none).
    public let selector: PackedNameRef
    @usableFromInline let start: UInt32
    @usableFromInline let end: UInt32
    @inlinable init(start: Int, end: Int, first: PackedOperand, second: PackedOperand, selector: PackedNameRef) {
        self.start = UInt32(truncatingIfNeeded: start); self.end = UInt32(truncatingIfNeeded: end)
        self.first = first; self.second = second; self.selector = selector
    }
    /// The statement's range.
    @inlinable public var range: SourceRange { SourceRange(start: Int(start), end: Int(end)) }
}

extension PackedCursor {
    @inlinable @inline(__always) mutating func nameRef(_ table: UnsafeBufferPointer<PackedName>) -> PackedNameRef {
        let s = p + gap()
        let k = Int(names & 0xFFFF)
        names >>= 16
        let e = table.baseAddress.unsafelyUnwrapped + k
        p = s + Int(e.pointee.length)
        return PackedNameRef(entry: e, index: Int32(k), start: s)
    }

    @inlinable @inline(__always) mutating func operand(_ f: UInt8, _ table: UnsafeBufferPointer<PackedName>) -> PackedOperand {
        switch f {
        case PackedForm.name:
            return PackedOperand(form: .name, a: nameRef(table), b: .none)
        case PackedForm.property, PackedForm.ivar:
            let base = nameRef(table)
            return PackedOperand(form: f == PackedForm.property ? .property : .ivar, a: base, b: nameRef(table))
        case PackedForm.new, PackedForm.newAutoreleased:
            p += gap() + 3
            return PackedOperand(form: f == PackedForm.new ? .new : .newAutoreleased, a: nameRef(table), b: .none)
        default:
            p += gap() + 3
            return PackedOperand(form: .nilLiteral, a: .none, b: .none)
        }
    }
}

extension StatementsView {
    /// The operands of record `i`, which is not kept whole (`kind(i) != .whole`) and not a
    /// `drain` or `super` (`.bare`). The references are valid inside `withView` only.
    @inlinable @inline(__always) public func operands(_ i: Int) -> PackedOperands {
        let r = records[i]
        var c = PackedCursor(r)
        let forms = r.shape & 31
        let kind = r.shape >> 5
        let first = c.operand(forms & 3, names)
        if kind == PackedForm.assign {
            let second = c.operand(forms >> 2, names)
            return PackedOperands(start: Int(r.start), end: c.p + Int(r.tail), first: first, second: second, selector: .none)
        }
        let selector = kind == PackedForm.send && forms & 4 != 0 ? c.nameRef(names) : .none
        return PackedOperands(start: Int(r.start), end: c.p + Int(r.tail), first: first,
                              second: PackedOperand(form: .nilLiteral, a: .none, b: .none), selector: selector)
    }

    /// Identifies the table of names the records' `PackedNameRef.index`es refer to: the same
    /// for every block of one parse.
    @inlinable public var namesToken: UnsafeRawPointer? { UnsafeRawPointer(names.baseAddress) }
}
