// The neutral model the source scanners produce: classes, their outlets and ivars, and
// the memory-relevant statements of a few methods, each with its file and line. Nothing
// here knows the nibscript language or the interpreter.

/// A place in a source file: the path as given, 1-based line and column.
public struct SourcePlace: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public init(file: String, line: Int, column: Int) { self.file = file; self.line = line; self.column = column }
    /// `File.h:12:1`: the file's last component.
    public var short: String { "\(fileName):\(line):\(column)" }
    public var fileName: String { file.split(separator: "/").last.map(String.init) ?? file }
    public var description: String { "\(file):\(line):\(column)" }
    public static func < (a: SourcePlace, b: SourcePlace) -> Bool { (a.file, a.line, a.column) < (b.file, b.line, b.column) }
}

public enum SourceLanguage: String, Sendable { case objc, swift }

/// How a member holds its object, as declared.
public enum MemberAttribute: String, Sendable {
    case retain, strong, copy, assign, weak
    case unsafeUnretained = "unsafe_unretained"
}

/// An outlet, a property or an ivar of a class.
public struct ImportedMember: Sendable {
    public enum Kind: Sendable, Equatable {
        /// `@property (…) [IBOutlet] T *name;`; `ivar` is the backing ivar once synthesis is known.
        case property(attribute: MemberAttribute?, ivar: String)
        /// `[IBOutlet] T *name;` in an ivar block; `qualifier` is `__weak`, `__unsafe_unretained` or nil.
        case ivar(qualifier: MemberAttribute?)
    }
    public var name: String
    /// The class named in the declaration (`UILabel`; `NSObject` for `id` and protocols).
    public var type: String
    public var kind: Kind
    public var isOutlet: Bool
    /// `IBOutletCollection(UIButton) NSArray *buttons` or Swift `[UIButton]`: the element class.
    public var collectionElement: String?
    public var place: SourcePlace
    public init(name: String, type: String, kind: Kind, isOutlet: Bool, collectionElement: String? = nil, place: SourcePlace) {
        self.name = name; self.type = type; self.kind = kind; self.isOutlet = isOutlet
        self.collectionElement = collectionElement; self.place = place
    }
    public var isProperty: Bool { if case .property = kind { return true }; return false }
    /// The ivar that stores the member.
    public var ivarName: String {
        if case .property(_, let iv) = kind { return iv }
        return name
    }
}

/// A statement of a method body the scanner understood. `subject` is a member's name as
/// written (`label`, `_label`), `viaSetter` tells `self.x = …`/`[self setX:…]` from `x = …`.
public enum ImportedStatementKind: Sendable, Equatable {
    case release(String)
    case retain(String)
    case autorelease(String)
    /// `self.x = nil` / `[self setX:nil]` (viaSetter) or `x = nil` (the ivar).
    case setNil(String, viaSetter: Bool)
    /// `self.x = [[X alloc] init…]` (autoreleased when wrapped in `autorelease`), or `x = …` for the ivar;
    /// `x = [[self makeX] retain]` has an empty `className`: an owned object of x's declared type.
    case setNew(String, className: String, autoreleased: Bool, viaSetter: Bool)
    /// `[super sel]`.
    case superCall
}

public struct ImportedStatement: Sendable {
    public var kind: ImportedStatementKind
    public var place: SourcePlace
    /// The statement's text as written, on one line.
    public var text: String
    public init(kind: ImportedStatementKind, place: SourcePlace, text: String) {
        self.kind = kind; self.place = place; self.text = text
    }
}

public struct ImportedMethod: Sendable {
    /// The full selector, `dealloc`, `initWithNibName:bundle:`; Swift's `deinit` is `dealloc`.
    public var selector: String
    public var place: SourcePlace
    public var statements: [ImportedStatement]
    /// How many statements of the body were not memory-relevant or not understood (nested
    /// blocks included).
    public var skipped: Int
    public init(selector: String, place: SourcePlace, statements: [ImportedStatement], skipped: Int) {
        self.selector = selector; self.place = place; self.statements = statements; self.skipped = skipped
    }
}

public struct ImportedClass: Sendable {
    public var name: String
    public var superclass: String?
    public var language: SourceLanguage
    /// Where the class is declared (`@interface` or `class`).
    public var place: SourcePlace
    public var members: [ImportedMember]
    public var methods: [ImportedMethod]
    /// `@synthesize a = _b;` pairs seen in the implementation.
    public var synthesized: [String: String]
    /// Whether an `@implementation` (or a Swift class body) was seen.
    public var hasImplementation: Bool
    /// Signs of manual reference counting (`release`, `[super dealloc]`) in any method.
    public var usesMRC: Bool
    public init(name: String, superclass: String?, language: SourceLanguage, place: SourcePlace) {
        self.name = name; self.superclass = superclass; self.language = language; self.place = place
        members = []; methods = []; synthesized = [:]; hasImplementation = false; usesMRC = false
    }
    public func method(_ selector: String) -> ImportedMethod? { methods.first { $0.selector == selector } }
    public func member(_ name: String) -> ImportedMember? { members.first { $0.name == name } }
    /// The member a name in a method body means: a member's name or its backing ivar's.
    public func member(forIvarOrName n: String) -> ImportedMember? {
        members.first { $0.name == n } ?? members.first { $0.ivarName == n }
    }
}

/// Classes read from several files, merged by name in the order first seen.
public struct ImportedProject: Sendable {
    public var classes: [ImportedClass] = []
    public var files: [String] = []
    public init() {}

    public subscript(name: String) -> ImportedClass? { classes.first { $0.name == name } }

    /// Adds what one file declared: an `@interface` in a header and the class extension and
    /// `@implementation` in the `.m` file become one class.
    public mutating func merge(_ found: [ImportedClass]) {
        for c in found {
            guard let i = classes.firstIndex(where: { $0.name == c.name }) else { classes.append(c); continue }
            var m = classes[i]
            if m.superclass == nil { m.superclass = c.superclass; m.place = c.place }
            for x in c.members where m.member(x.name) == nil { m.members.append(x) }
            for x in c.methods where m.method(x.selector) == nil { m.methods.append(x) }
            for (k, v) in c.synthesized { m.synthesized[k] = v }
            m.hasImplementation = m.hasImplementation || c.hasImplementation
            m.usesMRC = m.usesMRC || c.usesMRC
            classes[i] = m
        }
    }

    /// Applies synthesis once every file is read: `@synthesize x = _x;` names the ivar,
    /// `@synthesize x;` keeps `x`, and default synthesis (no `@synthesize`) gives `_x`.
    public mutating func finish() {
        for i in classes.indices {
            var c = classes[i]
            for k in c.members.indices {
                guard case .property(let attr, _) = c.members[k].kind else { continue }
                let name = c.members[k].name
                let ivar = c.synthesized[name] ?? (c.language == .swift ? name : "_" + name)
                c.members[k].kind = .property(attribute: attr, ivar: ivar)
            }
            // An ivar that backs a property is the property's storage, not a member of its own.
            let backing = Set(c.members.compactMap { m -> String? in m.isProperty ? m.ivarName : nil })
            c.members.removeAll { m in
                if case .ivar = m.kind, backing.contains(m.name), !m.isOutlet { return true }
                return false
            }
            // An IBOutlet ivar that a property also backs: keep the property (the loader calls
            // its setter), marked as the outlet.
            for m in c.members where m.isOutlet && !m.isProperty && backing.contains(m.name) {
                if let k = c.members.firstIndex(where: { $0.isProperty && $0.ivarName == m.name }) { c.members[k].isOutlet = true }
            }
            c.members.removeAll { m in
                if case .ivar = m.kind, backing.contains(m.name) { return true }
                return false
            }
            classes[i] = c
        }
    }
}
