// A `nib { … }` block as flat tables of name ids: what the nib builder reads. The parser
// makes one instead of the nested syntax when asked (`Parser.parseNamed(_:nibTables:)`, as
// `run` does): a million-object nib then costs about 90 bytes an object instead of about
// 200, and the builder finds each object by its name's id in an array, without hashing a
// String. A tree of `NibItem`s (as `matrix` rewrites it) becomes the same table through
// `NibTable(items:names:)`, so both paths build the same model with the same diagnostics.

public struct NibTable: Sendable {
    /// A name as written: its id in the file's `NameTable` and the range of its text.
    public struct Name: Sendable, Equatable {
        public var id: Int32
        public var range: SourceRange
        public init(id: Int32, range: SourceRange) { self.id = id; self.range = range }
        /// No name (an object without `as KEY`).
        public static let none = Name(id: -1, range: .none)
        public var exists: Bool { id >= 0 }
    }

    /// An object declaration. Objects are in document order, parents before children (the
    /// order `NibObjectDecl.walk` visits them).
    public struct Object: Sendable, Equatable {
        public var name: Name
        public var className: Name
        /// `as KEY`, or `.none`.
        public var key: Name
        /// The index of the enclosing object, or -1 at the top level.
        public var parent: Int32
        /// The declaration's range ends here; it starts at the name.
        public var end: Int32
        public init(name: Name, className: Name, key: Name, parent: Int32, end: Int32) {
            self.name = name; self.className = className; self.key = key; self.parent = parent; self.end = end
        }
        public var range: SourceRange { SourceRange(start: name.range.start, end: Int(end)) }
    }

    /// `connect source.outlet -> destination[, more…] [stale]`.
    public struct Connection: Sendable, Equatable {
        public var source: Name
        public var outlet: Name
        public var destination: Name
        /// The other destinations of an outlet collection: `moreDestinations[moreStart ..< moreStart + moreCount]`.
        public var moreStart: Int32
        public var moreCount: Int32
        public var isStale: Bool
        public var range: SourceRange
    }

    /// `owner : Class` lines (more than one is an error the builder reports).
    public var owners: [(type: Identifier, range: SourceRange)] = []
    public var objects: [Object] = []
    public var connections: [Connection] = []
    public var moreDestinations: [Name] = []
    /// `action` lines (rare), each with the number of connections before it, so that the
    /// builder meets connections and actions in document order.
    public var actions: [(connectionsBefore: Int, decl: ActionDecl)] = []

    public init() {}

    public func more(of c: Connection) -> ArraySlice<Name> {
        moreDestinations[Int(c.moreStart) ..< Int(c.moreStart) + Int(c.moreCount)]
    }

    public mutating func appendConnection(source: Name, outlet: Name, destinations: [Name], isStale: Bool, range: SourceRange) {
        let start = moreDestinations.count
        moreDestinations += destinations.dropFirst()
        connections.append(Connection(source: source, outlet: outlet, destination: destinations[0],
                                      moreStart: Int32(start), moreCount: Int32(destinations.count - 1),
                                      isStale: isStale, range: range))
    }

    /// The table of a nib's syntax, its names interned into `names` (names the table lacks,
    /// such as a class a rewrite renamed, are added to it).
    public init(items: [NibItem], names: inout NameTable) {
        func name(_ i: Identifier) -> Name { Name(id: names.intern(i.name), range: i.range) }
        NibObjectDecl.walk(items) { o, parent in
            let index = objects.count
            objects.append(Object(name: name(o.name), className: name(o.className), key: o.key.map(name) ?? .none,
                                  parent: Int32(parent ?? -1), end: Int32(clamping: o.range.end)))
            return index
        }
        for item in items {
            switch item {
            case .owner(let type, let range): owners.append((type, range))
            case .object: break
            case .connect(let c):
                appendConnection(source: name(c.source), outlet: name(c.outlet),
                                 destinations: [name(c.destination)] + c.moreDestinations.map(name),
                                 isStale: c.isStale, range: c.range)
            case .action(let a): actions.append((connections.count, a))
            }
        }
    }

    /// The syntax of object `i` without its children, for messages about it.
    public func decl(_ i: Int, names: NameTable) -> NibObjectDecl {
        let o = objects[i]
        func ident(_ n: Name) -> Identifier { Identifier(names[n.id], n.range) }
        return NibObjectDecl(name: ident(o.name), className: ident(o.className), key: o.key.exists ? ident(o.key) : nil,
                             children: [], range: o.range)
    }

    /// The syntax of connection `c`, for messages about it.
    public func decl(_ c: Connection, names: NameTable) -> ConnectDecl {
        func ident(_ n: Name) -> Identifier { Identifier(names[n.id], n.range) }
        return ConnectDecl(source: ident(c.source), outlet: ident(c.outlet), destination: ident(c.destination),
                           moreDestinations: more(of: c).map(ident), isStale: c.isStale, range: c.range)
    }
}
