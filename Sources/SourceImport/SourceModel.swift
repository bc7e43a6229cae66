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
    /// A `readonly` property (no setter, unless a class extension redeclares it `readwrite`).
    public var isReadonly = false
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
    /// `x = arg` / `x = [arg retain]` in a method: the method's argument stored in the ivar
    /// (a hand-written setter), retained or not.
    case storeArgument(String, retained: Bool)
    /// `[self helper]` / `[self helperWith:x]`: a call of a method of the class (or a
    /// superclass), by selector; the audit follows it into the helper's body.
    case callSelf(String)
    /// `[x removeFromSuperview]`: the superview gives up its retain of `x` (issue 24).
    case removeFromSuperview(String)
    /// `[NSBundle loadNibNamed:@"X" owner:self]`, `[[NSBundle mainBundle] loadNibNamed:@"X"
    /// owner:self options:…]`: the nib `X` loaded with self as File's Owner (issue 24);
    /// `-sel` when the name is what `[self sel]` returns (R3).
    case loadNib(String)
    /// `[x close]` / `[x performClose:…]`: a window closed (released when its
    /// `releasedWhenClosed` says so).
    case closeWindow(String)
    /// `[[[X alloc] init…] sel…]`: an object made at +1 and sent a message, its result
    /// kept nowhere (a window controller shown and forgotten).
    case makeUnkept(String)
    /// `x = [NSTimer scheduledTimerWithTimeInterval:… target:self selector:@selector(s) …
    /// repeats:YES]` (or `timerWithTimeInterval:`, scheduled later): a repeating timer that
    /// retains self (T1, B15), kept at +0 (`retained` is false: inside `[… retain]` it is a
    /// `setNew` with its `ImportedStatement.timer`).
    case makeTimer(String, selector: String, scheduled: Bool, retained: Bool, viaSetter: Bool)
    /// `[[NSRunLoop currentRunLoop] addTimer:x forMode:…]`: the timer scheduled (T1).
    case addTimer(String)
    /// `[x invalidate]`: a timer lets its target go and the run loop the timer (T1).
    case invalidate(String)
}

/// A branch a statement is on: the control flow that must go one way for it to run.
public struct ImportedBranch: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The then-branch of `if (c)`; `condition` is `c`.
        case ifTrue = "if"
        /// The else-branch of `if (c)`.
        case ifFalse = "else"
        /// After `if (c) return;` (or an `if` that always returns): runs only when c is false.
        case notReturned = "unless"
        /// The body of `for`, `while`, `do`: maybe never, maybe many times.
        case loop
        /// A `case`/`default` of `switch (c)`; `condition` is `c`, `label` the case.
        case switchCase = "case"
        case tryBody = "@try"
        case catchBody = "@catch"
    }
    public var kind: Kind
    /// The condition as written (`_x != nil`), or the loop's header, or the `@catch` parameter.
    public var condition: String
    /// For a `case`: its label (`1`, `default`).
    public var label: String?
    public var place: SourcePlace
    public init(kind: Kind, condition: String, label: String? = nil, place: SourcePlace) {
        self.kind = kind; self.condition = condition; self.label = label; self.place = place
    }
    public var description: String {
        switch kind {
        case .ifTrue: return "if (\(condition))"
        case .ifFalse: return "else of if (\(condition))"
        case .notReturned: return "unless if (\(condition)) returned"
        case .loop: return condition
        case .switchCase: return "\(label == "default" ? "default" : "case \(label ?? "")") of switch (\(condition))"
        case .tryBody: return "@try"
        case .catchBody: return "@catch (\(condition))"
        }
    }

    /// Whether the branch is taken whenever `name` is not nil (`if (x)`, `if (x != nil)`,
    /// `unless if (!x) returned`, `if (nil != x)`): sending `release` to nil does nothing, so
    /// a release on it is as good as unconditional.
    public func isNilCheck(of names: Set<String>) -> Bool {
        let c = String(condition.filter { $0 != " " })
        var positive: [String] = []
        var negative: [String] = []
        for n in names {
            for v in [n, "self.\(n)", "self->\(n)"] {
                positive += [v, "\(v)!=nil", "nil!=\(v)", "\(v)!=NULL", "\(v)!=0", "(\(v))", "\(v)!=Nil"]
                negative += ["!\(v)", "\(v)==nil", "nil==\(v)", "\(v)==NULL", "!(\(v))", "\(v)==0"]
            }
        }
        switch kind {
        case .ifTrue: return positive.contains(c)
        case .ifFalse, .notReturned: return negative.contains(c)
        default: return false
        }
    }
}

public struct ImportedStatement: Sendable {
    public var kind: ImportedStatementKind
    public var place: SourcePlace
    /// The statement's text as written, on one line (a macro's expansion, see `macro`).
    public var text: String
    /// The branches it is on, outermost first (empty: it runs whenever the method does).
    public var path: [ImportedBranch] = []
    /// The preprocessor conditions the reader could not decide that it is under, outermost first.
    public var conditions: [String] = []
    /// True or false when one of those conditions holds exactly under ARC (or without it).
    public var requiresARC: Bool?
    /// The project macro it was written as (`RELEASE`), if any.
    public var macro: String?
    /// B15: the repeating timer on self a `setNew` stores (`x = [[NSTimer
    /// scheduledTimerWithTimeInterval:… target:self … repeats:YES] retain]`), if it is one.
    public var timer: RetainedTimer?
    public init(kind: ImportedStatementKind, place: SourcePlace, text: String) {
        self.kind = kind; self.place = place; self.text = text
    }
    /// Whether it runs whenever the method runs, or only on branches that are taken whenever
    /// its subject (any of `names`) is not nil.
    public func isUnconditional(nilChecking names: Set<String> = []) -> Bool {
        path.allSatisfy { $0.isNilCheck(of: names) }
    }
}

/// A statement of a method body the reader did not understand: it may matter, and a finding
/// about a member it names deserves less confidence.
public struct UnreadStatement: Sendable {
    public var text: String
    public var place: SourcePlace
    public var path: [ImportedBranch]
    /// The identifiers it names (members among them, as written: `_label`, `label`).
    public var names: [String]
    /// A C function call `F(&x)`: resolved once every file's functions are known
    /// (ReleasingFunctions.swift).
    public var call: FunctionCall?
    public init(text: String, place: SourcePlace, path: [ImportedBranch], names: [String]) {
        self.text = text; self.place = place; self.path = path; self.names = names
    }
}

public struct ImportedMethod: Sendable {
    /// The full selector, `dealloc`, `initWithNibName:bundle:`; Swift's `deinit` is `dealloc`.
    public var selector: String
    public var place: SourcePlace
    public var statements: [ImportedStatement]
    /// How many statements of the body were not memory-relevant or not understood.
    public var skipped: Int
    /// The statements not understood that may be about memory: they send a memory message
    /// (`release`, `retain`, `autorelease`, `dealloc`, `copy`), store into a name, or call
    /// something that might (a function or macro the reader cannot see into).
    public var unread: [UnreadStatement] = []
    /// The names of the method's arguments, in order.
    public var arguments: [String] = []
    /// Their types as written between the parentheses (`NSTimer *`, `BOOL`; empty when none
    /// is written, which is `id`), in the same order.
    public var argumentTypes: [String] = []
    /// Whether the first argument is an object (a pointer, `id`, a block, or no type written):
    /// what an action's sender, a delegate's or a notification's object is.
    public var firstArgumentIsObject: Bool {
        guard let t = argumentTypes.first else { return false }
        return t.isEmpty || t.contains("*") || t.contains("^") || t == "id" || t.hasPrefix("id ") || t.hasPrefix("id<")
            || t == "instancetype" || t.hasSuffix("Ref")
    }
    /// `- (NSString *)dateItemNibName { return @"X"; }`: the string literal that is the whole
    /// body (R3: a nib loaded by `[self dateItemNibName]` is `X`).
    public var returnsLiteral: String?
    public init(selector: String, place: SourcePlace, statements: [ImportedStatement], skipped: Int) {
        self.selector = selector; self.place = place; self.statements = statements; self.skipped = skipped
    }
    /// The statements not understood that name any of `names`.
    public func unread(naming names: Set<String>) -> [UnreadStatement] {
        unread.filter { $0.names.contains(where: names.contains) }
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
    /// Whether this declares the class (`@interface Name : Super`, a root `@interface Name`,
    /// `@implementation Name : Super`, a Swift class); false for what a category or a class
    /// extension adds, which never defines a class.
    public var isDefinition: Bool
    /// `@protocol Name`: its properties are the members of the classes that adopt it and synthesize them.
    public var isProtocol = false
    /// The protocols it adopts (`<UITableViewDelegate, Named>`).
    public var protocols: [String] = []
    /// The preprocessor conditions the reader could not decide that its declaration is
    /// under (`#ifdef INCLUDE_VPNSERVICE` with the build's defines unknown); empty when none.
    public var conditions: [String] = []
    public init(name: String, superclass: String?, language: SourceLanguage, place: SourcePlace, isDefinition: Bool = true) {
        self.name = name; self.superclass = superclass; self.language = language; self.place = place
        members = []; methods = []; synthesized = [:]; hasImplementation = false; usesMRC = false
        self.isDefinition = isDefinition
    }
    public func method(_ selector: String) -> ImportedMethod? { methods.first { $0.selector == selector } }
    /// The other instance methods with a body (helpers), read so that a lifecycle method's
    /// `[self helper]` can be followed; not lowered as methods of their own.
    public var helpers: [ImportedMethod] = []
    public func helper(_ selector: String) -> ImportedMethod? { helpers.first { $0.selector == selector } }
    /// The member of that name: the property when an unrelated ivar has the same name.
    public func member(_ name: String) -> ImportedMember? {
        members.first { $0.name == name && $0.isProperty } ?? members.first { $0.name == name }
    }
    /// The member a name in a method body means: a member's name or its backing ivar's.
    public func member(forIvarOrName n: String) -> ImportedMember? {
        member(n) ?? members.first { $0.ivarName == n }
    }

    /// The statements of its methods the reader did not understand that name any of `names`
    /// (a member's name and its ivar's): a finding about that member rests on less.
    public func unread(naming names: Set<String>) -> [(method: ImportedMethod, statement: UnreadStatement)] {
        methods.flatMap { m in m.unread(naming: names).map { (m, $0) } }
    }

    /// Adds what another declaration of the same class says: members not yet known; a
    /// property declared again (a class extension's `readwrite` redeclaration) takes the
    /// attribute and the outlet mark it adds.
    mutating func absorb(_ c: ImportedClass) {
        if superclass == nil, c.superclass != nil { superclass = c.superclass; place = c.place }
        if c.isDefinition && !isDefinition {
            isDefinition = true; place = c.place; conditions = c.conditions
            if c.superclass != nil { superclass = c.superclass }
        }
        var byKey: [String: Int] = [:]
        for (k, m) in members.enumerated() where byKey[m.key] == nil { byKey[m.key] = k }
        for x in c.members {
            if let k = byKey[x.key] {
                guard case .property(let old, let iv) = members[k].kind, case .property(let new, _) = x.kind else { continue }
                if let new, old == nil || members[k].isReadonly { members[k].kind = .property(attribute: new, ivar: iv) }
                if !x.isReadonly { members[k].isReadonly = false }
                if x.isOutlet { members[k].isOutlet = true }
                continue
            }
            byKey[x.key] = members.count
            members.append(x)
        }
        var selectors = Set(methods.map(\.selector))
        for x in c.methods where selectors.insert(x.selector).inserted { methods.append(x) }
        var helperSelectors = Set(helpers.map(\.selector))
        for x in c.helpers where helperSelectors.insert(x.selector).inserted { helpers.append(x) }
        for (k, v) in c.synthesized { synthesized[k] = v }
        for p in c.protocols where !protocols.contains(p) { protocols.append(p) }
        hasImplementation = hasImplementation || c.hasImplementation
        usesMRC = usesMRC || c.usesMRC
    }
}

extension ImportedMember {
    /// A property and an ivar may share a name; two properties (or two ivars) may not.
    var key: String { (isProperty ? "p " : "i ") + name }
}

/// Classes read from several files, merged by name in the order first seen.
public struct ImportedProject: Sendable {
    public var classes: [ImportedClass] = []
    /// What categories and class extensions add to classes the sources do not define (a
    /// framework's `NSColor (Contrast)`): never classes of the project.
    public var categories: [ImportedClass] = []
    public var protocols: [ImportedClass] = []
    public var files: [String] = []
    private var index: [String: Int] = [:]
    private var pending: [ImportedClass] = []
    private var pendingIndex: [String: Int] = [:]
    private var protocolIndex: [String: Int] = [:]
    public init() {}

    public subscript(name: String) -> ImportedClass? { index[name].map { classes[$0] } }

    /// Adds what one file declared: an `@interface` in a header and the class extension and
    /// `@implementation` in the `.m` file become one class; categories and extensions wait
    /// for `finish` to meet their class.
    public mutating func merge(_ found: [ImportedClass]) {
        for c in found {
            if c.isProtocol {
                if let k = protocolIndex[c.name] { protocols[k].absorb(c) } else { protocolIndex[c.name] = protocols.count; protocols.append(c) }
                continue
            }
            if let i = index[c.name] { classes[i].absorb(c); continue }
            if c.isDefinition {
                index[c.name] = classes.count
                classes.append(c)
                continue
            }
            if let k = pendingIndex[c.name] { pending[k].absorb(c) } else { pendingIndex[c.name] = pending.count; pending.append(c) }
        }
    }

    /// Applies synthesis once every file is read: `@synthesize x = _x;` names the ivar,
    /// `@synthesize x;` keeps `x`, and default synthesis (no `@synthesize`) gives `_x`; pairs
    /// each property with its ivar as the compiler does; adds protocols' synthesized properties.
    public mutating func finish() {
        for var p in pending {
            if let i = index[p.name] {
                // What the class gained before its definition was read comes after what it declares.
                p.isDefinition = false
                classes[i].absorb(p)
            } else { categories.append(p) }
        }
        pending = []; pendingIndex = [:]
        var protocolsByName: [String: ImportedClass] = [:]
        for p in protocols where protocolsByName[p.name] == nil { protocolsByName[p.name] = p }
        for i in classes.indices {
            var c = classes[i]
            // Properties of adopted protocols (and the protocols they adopt) that the class synthesizes.
            var queue = c.protocols
            var seen = Set<String>()
            while let pn = queue.popLast() {
                guard seen.insert(pn).inserted, let p = protocolsByName[pn] else { continue }
                queue += p.protocols
                for m in p.members where m.isProperty && c.synthesized[m.name] != nil && !c.members.contains(where: { $0.key == m.key }) {
                    c.members.append(m)
                }
            }
            // R2: the compiler synthesizes nothing for a property whose accessors the class
            // writes itself (a readonly property's getter; a readwrite one's getter and
            // setter) unless `@synthesize` asks; its storage is then whatever ivar the class
            // declares, the one KVC finds when no setter exists (`_key`, `_isKey`, `key`,
            // `isKey`, Apple's accessor search pattern).
            let written = Set(c.methods.map(\.selector) + c.helpers.map(\.selector))
            let ivars = Set(c.members.compactMap { m -> String? in m.isProperty ? nil : m.name })
            for k in c.members.indices {
                guard case .property(let attr, _) = c.members[k].kind else { continue }
                let name = c.members[k].name
                var ivar = c.synthesized[name] ?? (c.language == .swift ? name : "_" + name)
                if c.language == .objc, c.synthesized[name] == nil, written.contains(name),
                   c.members[k].isReadonly || written.contains("set" + name.prefix(1).uppercased() + name.dropFirst() + ":") {
                    let cap = name.prefix(1).uppercased() + name.dropFirst()
                    if let declared = ["_" + name, "_is" + cap, name, "is" + cap].first(where: ivars.contains) { ivar = declared }
                }
                c.members[k].kind = .property(attribute: attr, ivar: ivar)
            }
            // An ivar that backs a property is the property's storage, not a member of its own;
            // an IBOutlet on it makes the property the outlet (the loader calls its setter).
            let backing = Set(c.members.compactMap { m -> String? in m.isProperty ? m.ivarName : nil })
            let outletIvars = Set(c.members.compactMap { m -> String? in !m.isProperty && m.isOutlet ? m.name : nil })
            for k in c.members.indices where c.members[k].isProperty && outletIvars.contains(c.members[k].ivarName) {
                c.members[k].isOutlet = true
            }
            c.members.removeAll { m in
                if case .ivar = m.kind, backing.contains(m.name) { return true }
                return false
            }
            classes[i] = c
        }
    }
}
