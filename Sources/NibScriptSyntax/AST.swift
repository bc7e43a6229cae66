// The syntax tree of a .nibscript file. Plain values: enums with associated values, no
// visitors (a `switch` over the node does that job). Every node carries its source range.

public struct Identifier: Hashable, Sendable, CustomStringConvertible {
    /// An interned String when the parser made it (see `NameTable`): every use of a name
    /// shares one.
    public var name: String {
        didSet { nameID = -1 }  // the id names the old text
    }
    public var range: SourceRange
    /// The name's id in the table of the parser that read it (see `NameTable`), or -1 for
    /// a name made elsewhere (a rewrite's, a selector of several parts). The checker finds
    /// names by it with an array read instead of hashing the String; it is a hint only: a
    /// table is asked whether its name of that id is this one (one comparison of equal
    /// Strings), so a tree checked against another table stays correct. Not part of
    /// equality. It fits in the padding an `Expr` had, so no node grows.
    public private(set) var nameID: Int32
    public init(_ name: String, _ range: SourceRange) { self.name = name; self.range = range; nameID = -1 }
    /// A name the parser read, with its id in its table.
    public init(_ name: String, _ range: SourceRange, id: Int32) { self.name = name; self.range = range; nameID = id }
    public var description: String { name }
    public static func == (a: Identifier, b: Identifier) -> Bool { a.name == b.name && a.range == b.range }
    public func hash(into hasher: inout Hasher) { hasher.combine(name); hasher.combine(range) }
    /// Whether the name is `self`: by id when the parser gave one (keywords have the same
    /// id in every table), else by its text.
    @inline(__always)
    public var isSelf: Bool { nameID >= 0 ? nameID == Keyword.`self`.rawValue : name == "self" }
}

public struct ScriptFile: Sendable {
    public var decls: [Decl]
    public init(decls: [Decl]) { self.decls = decls }
}

public enum Decl: Sendable {
    case platform(PlatformDecl)
    case memory(MemoryDecl)
    case classDecl(ClassDecl)
    case nib(NibDecl)
    case scenario(ScenarioDecl)
    /// `configurations mac, ios 5.1 mrc, ios 6.0 arc`: the configurations `nibscript matrix` runs.
    case configurations(ConfigurationsDecl)
}

// MARK: - Configuration

/// `ios` or `mac` as a script writes it (the simulator's `PlatformName`, which the compiler maps it to).
public enum ScriptPlatform: String, Sendable, CaseIterable { case ios, mac }

/// `platform ios 5.1` / `platform mac 10.7`.
public struct PlatformDecl: Sendable {
    public var platform: ScriptPlatform
    public var major: Int
    public var minor: Int
    public var range: SourceRange
    public init(platform: ScriptPlatform, major: Int, minor: Int, range: SourceRange) {
        self.platform = platform; self.major = major; self.minor = minor; self.range = range
    }
}

/// `gc`: the Mac's garbage collector (OS X 10.5 to 10.7, deprecated in 10.8).
/// `mrc`, `arc` or `gc` as a script writes it (the simulator's `MemoryModelName`).
public enum ScriptMemoryModel: String, Sendable, CaseIterable { case mrc, arc, gc }

/// `memory mrc` / `memory arc` / `memory gc`.
public struct MemoryDecl: Sendable {
    public var model: ScriptMemoryModel
    public var range: SourceRange
    public init(model: ScriptMemoryModel, range: SourceRange) { self.model = model; self.range = range }
}

/// One filter of configurations, a conjunction of optional parts: `mac`, `ios 5.1`,
/// `ios 6.0 arc`, `arc`. It matches a configuration when every part it names is equal.
public struct ConfigFilter: Sendable, Equatable {
    public var platform: ScriptPlatform?
    public var major: Int?
    public var minor: Int?
    public var memory: ScriptMemoryModel?
    public var range: SourceRange
    public init(platform: ScriptPlatform?, major: Int?, minor: Int?, memory: ScriptMemoryModel?, range: SourceRange) {
        self.platform = platform; self.major = major; self.minor = minor; self.memory = memory; self.range = range
    }
    /// The filter as written, normalised: `ios 5.1 mrc`.
    public var text: String {
        var parts: [String] = []
        if let p = platform { parts.append(p.rawValue) }
        if let a = major { parts.append("\(a).\(minor ?? 0)") }
        if let m = memory { parts.append(m.rawValue) }
        return parts.joined(separator: " ")
    }
}

/// `configurations FILTER { "," FILTER }`: restricts `nibscript matrix` to the
/// configurations any filter matches.
public struct ConfigurationsDecl: Sendable {
    public var filters: [ConfigFilter]
    public var range: SourceRange
    public init(filters: [ConfigFilter], range: SourceRange) { self.filters = filters; self.range = range }
}

// MARK: - Classes

public struct ClassDecl: Sendable {
    public var name: Identifier
    public var superclass: Identifier
    public var members: [Member]
    public var range: SourceRange
    public init(name: Identifier, superclass: Identifier, members: [Member], range: SourceRange) {
        self.name = name; self.superclass = superclass; self.members = members; self.range = range
    }
}

public enum Member: Sendable {
    case property(PropertyDecl)
    case ivar(IvarDecl)
    case method(MethodDecl)
    /// `nib Detail` inside a controller class: the nib its default `loadView` loads.
    case nibName(Identifier, range: SourceRange)
    /// `option NAME [VALUE]`, e.g. `option accessInstanceVariablesDirectly NO`.
    case option(OptionDecl)
}

public enum PropertyAttribute: String, Sendable, CaseIterable {
    case retain, strong, copy, assign, weak
    case unsafeUnretained = "unsafe_unretained"
}

/// `outlet label : UILabel retain` (an IBOutlet property) or `property name : NSString copy`.
/// The backing ivar is named like the property (as `@synthesize label;` did) unless
/// `ivar _label` follows the attribute.
public struct PropertyDecl: Sendable {
    public var name: Identifier
    public var type: Identifier
    public var attribute: PropertyAttribute?
    public var attributeRange: SourceRange?
    public var isOutlet: Bool
    public var backingIvar: Identifier?
    public var range: SourceRange
    public init(name: Identifier, type: Identifier, attribute: PropertyAttribute?, attributeRange: SourceRange?,
                isOutlet: Bool, backingIvar: Identifier?, range: SourceRange) {
        self.name = name; self.type = type; self.attribute = attribute; self.attributeRange = attributeRange
        self.isOutlet = isOutlet; self.backingIvar = backingIvar; self.range = range
    }
}

public enum IvarQualifier: String, Sendable, CaseIterable {
    case strong, weak
    case unsafeUnretained = "unsafe_unretained"
}

/// `ivar _spinner : UIActivityIndicatorView [strong|weak|unsafe_unretained]` — an instance
/// variable with no property. Under ARC the qualifier defaults to strong; under MRC ivars
/// do no memory management at all.
public struct IvarDecl: Sendable {
    public var name: Identifier
    public var type: Identifier
    public var qualifier: IvarQualifier?
    public var range: SourceRange
    public init(name: Identifier, type: Identifier, qualifier: IvarQualifier?, range: SourceRange) {
        self.name = name; self.type = type; self.qualifier = qualifier; self.range = range
    }
}

/// `dealloc { … }`, `initWithCoder: { … }`, `setValue:forUndefinedKey: { … }`: the body
/// of an Objective-C method. `selector` holds the full selector with its colons.
public struct MethodDecl: Sendable {
    public var selector: Identifier
    public var body: Block
    public var range: SourceRange
    public init(selector: Identifier, body: Block, range: SourceRange) {
        self.selector = selector; self.body = body; self.range = range
    }
}

public struct OptionDecl: Sendable {
    public var name: Identifier
    public var value: Identifier?
    public var range: SourceRange
    public init(name: Identifier, value: Identifier?, range: SourceRange) {
        self.name = name; self.value = value; self.range = range
    }
}

// MARK: - Nibs

/// `nib Panel [main] { … }` or `nib Panel [main] from "Panel.xib"`.
public struct NibDecl: Sendable {
    public var name: Identifier
    /// The application's main nib (`NSMainNibFile`): on iOS its top-level objects are not autoreleased.
    public var isMain: Bool
    public var body: NibBody
    public var range: SourceRange
    public init(name: Identifier, isMain: Bool, body: NibBody, range: SourceRange) {
        self.name = name; self.isMain = isMain; self.body = body; self.range = range
    }
}

public enum NibBody: Sendable {
    case inline([NibItem])
    /// A `nib { … }` block read as tables of name ids (see `NibTable`), when the parser is
    /// asked for them: the same block as `inline`, smaller, and with no tree to rewrite.
    case table(NibTable)
    /// A path relative to the script, with the range of the string literal.
    case file(String, range: SourceRange)
}

public enum NibItem: Sendable {
    /// `owner : Owner` — the class File's Owner is expected to have.
    case owner(Identifier, range: SourceRange)
    case object(NibObjectDecl)
    case connect(ConnectDecl)
    case action(ActionDecl)
}

/// `title : UILabel`, optionally `as KEY` (the parent holds it through that property, e.g.
/// `as view` under a controller), optionally with nested children in braces.
public struct NibObjectDecl: Sendable {
    public var name: Identifier
    public var className: Identifier
    public var key: Identifier?
    public var children: [NibObjectDecl]
    public var range: SourceRange
    public init(name: Identifier, className: Identifier, key: Identifier?, children: [NibObjectDecl], range: SourceRange) {
        self.name = name; self.className = className; self.key = key; self.children = children; self.range = range
    }
}

extension NibObjectDecl {
    /// Visits the objects of `items` depth-first in document order, parents before children,
    /// without recursion (nesting can be deep) and without copying a nested declaration: the
    /// walk keeps a stack of sibling lists and positions. `visit` gets each object and what it
    /// returned for the object's parent (nil at the top level); an object for which it returns
    /// nil is skipped with everything inside it. Inlinable, so that `visit` is inlined into
    /// the loop of the module that calls it.
    @inlinable
    public static func walk(_ items: [NibItem], _ visit: (NibObjectDecl, _ parent: Int?) -> Int?) {
        var lists: [[NibObjectDecl]] = []
        var positions: [Int] = []
        var parents: [Int] = []
        for case .object(let top) in items {
            guard let p = visit(top, nil), !top.children.isEmpty else { continue }
            lists.append(top.children)
            positions.append(0)
            parents.append(p)
            while let level = lists.indices.last {
                let i = positions[level]
                if i == lists[level].count {
                    lists.removeLast(); positions.removeLast(); parents.removeLast()
                    continue
                }
                positions[level] = i + 1
                guard let p = visit(lists[level][i], parents[level]), !lists[level][i].children.isEmpty else { continue }
                lists.append(lists[level][i].children)
                positions.append(0)
                parents.append(p)
            }
        }
    }
}

/// `connect owner.label -> title`, `connect table.delegate -> owner`,
/// `connect owner.views -> a, b, c` (an outlet collection), and a trailing `stale` for a
/// connection whose outlet no longer exists in the class (a renamed outlet).
public struct ConnectDecl: Sendable {
    public var source: Identifier
    public var outlet: Identifier
    /// The first destination, and the rest of an outlet collection's: a connection of one
    /// destination (nearly all of them) allocates no array.
    public var destination: Identifier
    public var moreDestinations: [Identifier]
    public var isStale: Bool
    public var range: SourceRange
    /// `destinations` must not be empty.
    public init(source: Identifier, outlet: Identifier, destinations: [Identifier], isStale: Bool, range: SourceRange) {
        self.source = source; self.outlet = outlet
        destination = destinations[0]
        moreDestinations = Array(destinations.dropFirst())
        self.isStale = isStale; self.range = range
    }
    public init(source: Identifier, outlet: Identifier, destination: Identifier, moreDestinations: [Identifier],
                isStale: Bool, range: SourceRange) {
        self.source = source; self.outlet = outlet; self.destination = destination
        self.moreDestinations = moreDestinations; self.isStale = isStale; self.range = range
    }
    public var destinations: [Identifier] { [destination] + moreDestinations }
}

/// `action ok -> owner.buttonTapped:` — target/action; retains nothing (N9).
public struct ActionDecl: Sendable {
    public var sender: Identifier
    public var target: Identifier
    public var selector: Identifier
    public var range: SourceRange
    public init(sender: Identifier, target: Identifier, selector: Identifier, range: SourceRange) {
        self.sender = sender; self.target = target; self.selector = selector; self.range = range
    }
}

// MARK: - Scenarios and statements

public struct ScenarioDecl: Sendable {
    public var title: String
    public var titleRange: SourceRange
    public var body: Block
    public var range: SourceRange
    public init(title: String, titleRange: SourceRange, body: Block, range: SourceRange) {
        self.title = title; self.titleRange = titleRange; self.body = body; self.range = range
    }
}

public struct Block: Sendable {
    /// Packed (see `Statements`): read them as a random-access collection of `Stmt`.
    public var statements: Statements
    public var range: SourceRange
    public init(statements: [Stmt], range: SourceRange) { self.statements = Statements(statements); self.range = range }
    public init(statements: Statements, range: SourceRange) { self.statements = statements; self.range = range }
}

public struct Stmt: Sendable {
    // The range first: the kind's tag then fits in the last bytes of the 48 (see `Expr`).
    public var range: SourceRange
    public var kind: StmtKind
    public init(_ kind: StmtKind, range: SourceRange) { self.kind = kind; self.range = range }
}

public enum StmtKind: Sendable {
    /// `x = e` (a variable), `o.p = e` (through the setter), `o->iv = e` / `iv = e` in a body (the ivar, directly).
    case assign(target: Expr, value: Expr)
    case retain(Expr)
    case release(Expr)
    case autorelease(Expr)
    /// `CFRelease x`: a bridged release, allowed under ARC.
    case cfRelease(Expr)
    // Assignments, sends, `load nib` and commands are stored in the statement (88 bytes): a
    // box each cost an allocation, a free and 96–112 bytes more, and assignments are half
    // of a generated script's statements. The rarer cases holding blocks or expectations
    // stay boxed (`indirect`).
    /// `send x [selector [args…]]`: a message to an object (a zombie message if it is
    /// deallocated), e.g. `send v addSubview: label`.
    case send(Expr, selector: Identifier?, arguments: [Expr])
    /// `load nib Panel owner o`.
    case loadNib(nib: Identifier, owner: Expr)
    /// `drain`: the current run-loop event ends and its autorelease pool drains.
    case drain
    /// `autoreleasepool { … }`: a nested pool, drained at the closing brace.
    indirect case autoreleasePool(Block)
    /// `super` inside a method body: the superclass's implementation runs here.
    case superCall
    indirect case expect(Expectation)
    /// `watch x`: expectations that name the variable `x` read the object it holds now, a
    /// handle that owns nothing, until `x` is given another object.
    case watch(Expr)
    /// A verb with arguments for the controller world: `push nav b`, `pop nav`, `memoryWarning`,
    /// `present a b`, `dismiss a`, `select tabs 1`, `popToRoot nav`, `show c`.
    case command(verb: Identifier, args: [Expr])
    /// `choose { … } or { … }`: a nondeterministic choice. `nibscript run` takes the first
    /// branch; `nibscript explore` takes every branch.
    case choose([Block])
    /// `event { … }`: one run-loop event (an action method) holding several statements and
    /// commands; commands inside it do not end it, its closing brace does (O3).
    indirect case event(Block)
    /// `if cond { … } else { … }` in a method body (see `IfStatement`).
    indirect case ifElse(IfStatement)
}

public struct Expr: Sendable {
    // The range first, so the kind (an identifier and its tag) ends the struct: no padding
    // between them, and a `Stmt` holding an `Expr` stays 48 bytes.
    public var range: SourceRange
    public var kind: ExprKind
    public init(_ kind: ExprKind, range: SourceRange) { self.kind = kind; self.range = range }
}

/// Only the recursive cases are boxed: a name, the commonest expression, is stored inline.
public enum ExprKind: Sendable {
    /// A variable, a nib object's name, `self`, or (in a method) an ivar of self.
    case name(Identifier)
    case nilLiteral
    /// `new UILabel`: alloc/init, +1 owned by whoever stores it; `new UILabel autoreleased`: a
    /// convenience constructor's autoreleased result.
    case new(Identifier, autoreleased: Bool)
    /// `e.name`: a property (getter, or setter when assigned to).
    indirect case property(Expr, Identifier)
    /// `e->name`: an instance variable, read or written directly.
    indirect case ivar(Expr, Identifier)
    case integer(Int)
    case string(String)
}

public enum CompareOp: String, Sendable, CaseIterable {
    case eq = "==", ne = "!=", lt = "<", le = "<=", gt = ">", ge = ">="

    /// The comparison a token spells, for `expect` counts and `if (ios < 6.0)` conditions alike.
    init?(_ tag: TokenTag) {
        switch tag {
        case .equalEqual: self = .eq
        case .bangEqual: self = .ne
        case .less: self = .lt
        case .lessEqual: self = .le
        case .greater: self = .gt
        case .greaterEqual: self = .ge
        default: return nil
        }
    }
}

public struct Expectation: Sendable {
    public var kind: ExpectationKind
    public var range: SourceRange
    /// `expect (mac) …`, `expect (ios 5.1, ios 6.0 arc) …`: the configurations the
    /// expectation applies in; nil applies everywhere.
    public var scope: [ConfigFilter]?
    public init(_ kind: ExpectationKind, range: SourceRange, scope: [ConfigFilter]? = nil) {
        self.kind = kind; self.range = range; self.scope = scope
    }
}

public enum ObjectStateName: String, Sendable, CaseIterable {
    case alive, deallocated
    case isNil = "nil"
    case dangling
}

public enum ExpectationKind: Sendable {
    /// `expect count o.label == 2`
    case count(Expr, CompareOp, Int, opRange: SourceRange)
    /// `expect alive x`, `expect deallocated x`, `expect nil o.delegate`, `expect dangling o.button`
    case state(Expr, ObjectStateName)
    /// `expect leaks a, b` / `expect no leaks` (an empty list)
    case leaks([Expr])
    /// `expect zombies a` / `expect no zombies`
    case zombies([Expr])
    /// `expect crash ["substring of the message"]`
    case crash(String?)
    /// `expect no crash`
    case noCrash
    /// `expect event dealloc root` / `expect no event retain o.label`: whether an event of that
    /// kind happened to that object during the scenario (so far).
    case event(negated: Bool, kind: Identifier, subject: Expr?)
    /// `expect warning "text"`: a warning (such as an unconnected Mac outlet) was reported.
    case warning(String)
    /// An expectation of the controller world: `expect loaded c`, `expect onscreen c`, … (verb and arguments).
    case other(verb: Identifier, args: [Expr], negated: Bool)
}
