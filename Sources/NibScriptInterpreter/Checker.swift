import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// The static checks: names, classes, properties, and what each kind of body may say.
package struct Checker {
    package let config: Configuration
    package let classes: ClassTable
    package let nibs: [NibDecl]
    /// Models of the nibs read from Interface Builder files, by name.
    package var externalNibs: [String: NibModel] = [:]
    /// Names objects get at run time that no scope declares (TraceNames), with their classes.
    /// Made the first time an expectation names something no scope declares: a walk of
    /// every statement and a dictionary of every name `new` gives (a script of a million
    /// statements spent 6 % of its check on it, and kept 25 MB, for nothing).
    package var traceNames: [String: String] { lazyTraceNames.value }
    private let lazyTraceNames: LazyTraceNames
    /// Interface Builder documents read so far (see `ExternalNibs.Documents`).
    package var documents: ExternalNibs.Documents = [:]
    /// The script's names, by which scopes find them, and the names of the objects of the
    /// Interface Builder files it loads (added as they are read).
    package private(set) var names: NameTable
    /// What building the class table found wrong with the script's classes.
    private let classDiagnostics: [Diagnostic]
    /// Class and member lookups kept for the names asked again (see `CheckerLookups`).
    let lookups = CheckerLookups()

    /// `names`: the script's names (see `Parser.parseNamed`); any table gives the same
    /// result, the script's own makes name lookups cheap.
    package init(program: Program, names: NameTable) {
        config = program.config
        // Built once: the table of the built-in classes is most of a small script's check.
        var found: [Diagnostic] = []
        classes = ClassTable(script: program.classDecls, config: program.config, engine: Engine(), diagnostics: &found)
        classDiagnostics = found
        nibs = program.nibDecls
        self.names = names
        lazyTraceNames = LazyTraceNames(program: program, classes: classes)
    }

    /// A scope's names with their classes (nil when not known statically).
    /// Names are kept in the order they appear (suggestions list them so) and indexed by
    /// their interned ids (see `NameIndex`), so a script with a million names checks in
    /// linear time without a SipHash per use.
    package struct Scope {
        var cls: RuntimeClass?
        var selector: String?
        private(set) var variables: [(name: String, type: String?)] = []
        /// The loaded nibs' objects, in runs: a nib block's objects are its table's (the array
        /// shared with the table, not copied: a pair of Strings per object was 36 MB for a nib
        /// of a million objects, while its table and its model were both alive), others are
        /// name pairs in `nibObjectPairs`. An object's position is its run's start plus its
        /// index in the run; `nibObjectIndex` maps a name to the position of the object that
        /// has it (a later object of the same name is not known by it).
        private struct NibObjectRun {
            var start: Int
            var count: Int
            /// The table's objects, or nil for pairs from `firstPair` on.
            var table: [NibTable.Object]?
            var firstPair: Int
        }
        private var nibObjectRuns: [NibObjectRun] = []
        private var nibObjectPairs: [(name: String, type: String)] = []
        private var nibObjectCount = 0
        private(set) var variableIndex: NameIndex
        private(set) var nibObjectIndex: NameIndex
        /// A scenario's variables by a packed record's name index (see `CheckerRecords`).
        var recordVariables = RecordVariables()
        var isScenario: Bool { cls == nil }

        init(names: NameTable, cls: RuntimeClass? = nil, selector: String? = nil) {
            self.cls = cls; self.selector = selector
            variableIndex = NameIndex(names: names)
            nibObjectIndex = NameIndex(names: names)
        }

        func variable(_ n: Identifier) -> (name: String, type: String?)? { variablePosition(n).map { variables[$0] } }

        /// Where the variable named `n` is in `variables`, if it is there.
        func variablePosition(_ n: Identifier) -> Int? {
            // By the name's id (see `NameIndex`): an array read.
            variableIndex[n]
        }
        func nibObject(_ n: Identifier) -> (name: String, type: String)? { nibObjectIndex[n].map(nibObject(at:)) }

        private func nibObject(at k: Int) -> (name: String, type: String) {
            // Runs are few (one per nib loaded): the last first.
            let r = nibObjectRuns.last { $0.start <= k }!
            guard let table = r.table else { return nibObjectPairs[r.firstPair + k - r.start] }
            let o = table[k - r.start]
            return (nibObjectIndex.names[o.name.id], nibObjectIndex.names[o.className.id])
        }

        /// The loaded nibs' objects, in the order they became known.
        var nibObjects: [(name: String, type: String)] {
            var out: [(name: String, type: String)] = []
            for r in nibObjectRuns {
                if let table = r.table {
                    for k in table.indices where nibObjectIndex[id: table[k].name.id] == r.start + k {
                        out.append((nibObjectIndex.names[table[k].name.id], nibObjectIndex.names[table[k].className.id]))
                    }
                } else {
                    out += nibObjectPairs[r.firstPair ..< r.firstPair + r.count]
                }
            }
            return out
        }

        private mutating func appendNibObject(_ name: String, _ type: String) {
            if nibObjectRuns.last?.table != nil || nibObjectRuns.isEmpty {
                nibObjectRuns.append(NibObjectRun(start: nibObjectCount, count: 0, table: nil, firstPair: nibObjectPairs.count))
            }
            nibObjectRuns[nibObjectRuns.count - 1].count += 1
            nibObjectPairs.append((name, type))
            nibObjectCount += 1
        }

        /// Declares a variable unless the scope has one by that name: by its id.
        mutating func addVariable(_ name: Identifier, _ type: String?) {
            guard variableIndex.setIfAbsent(name, to: variables.count) else { return }
            variables.append((name.name, type))
        }

        /// Declares a variable unless the scope has one by that name.
        mutating func addVariable(_ name: String, _ type: String?) {
            guard variableIndex.setIfAbsent(name, to: variables.count) else { return }
            variables.append((name, type))
        }

        /// Makes a nib object's name known unless it is already.
        mutating func addNibObject(_ name: String, _ type: String) {
            guard nibObjectIndex[name] == nil else { return }
            nibObjectIndex.set(name, to: nibObjectCount)
            appendNibObject(name, type)
        }

        mutating func reserveNibObjects(_ count: Int) {
            nibObjectPairs.reserveCapacity(nibObjectPairs.count + count)
            nibObjectIndex.reserveAll()
        }

        /// The same for a name of the scope's table, by its id.
        mutating func addNibObject(id: Int32, _ name: String, _ type: String) {
            guard nibObjectIndex[id: id] == nil else { return }
            nibObjectIndex.set(id: id, to: nibObjectCount)
            appendNibObject(name, type)
        }

        /// Makes a nib block's objects known (each unless its name is already), by the ids of
        /// their names in the scope's table.
        mutating func addNibObjects(_ table: [NibTable.Object]) {
            nibObjectIndex.reserveAll()
            let start = nibObjectCount
            for k in table.indices where nibObjectIndex[id: table[k].name.id] == nil {
                nibObjectIndex.set(id: table[k].name.id, to: start + k)
            }
            nibObjectRuns.append(NibObjectRun(start: start, count: table.count, table: table, firstPair: 0))
            nibObjectCount += table.count
        }
    }

    package mutating func check(_ program: inout Program, diagnostics: inout [Diagnostic]) {
        diagnostics += classDiagnostics
        for d in program.classDecls { checkClass(d, diagnostics: &diagnostics) }
        for n in program.nibDecls {
            switch n.body {
            case .inline(let items):
                program.inlineNibs[n.name.name] = NibBuilder(classes: classes, names: names).build(n, items: items, diagnostics: &diagnostics)
            case .table(let table):
                program.inlineNibs[n.name.name] = NibBuilder(classes: classes).build(n, table: table, names: names, diagnostics: &diagnostics)
            case .file(let path, let range):
                if let model = ExternalNibs.load(n, path: path, range: range, from: program.file, classes: classes,
                                                   names: &names, diagnostics: &diagnostics, documents: &documents) {
                    program.externalNibs[n.name.name] = model
                    externalNibs[n.name.name] = model
                    if let p = model.documentPlatform, p != config.platform {
                        diagnostics.append(.warning("'\(path)' was written for \(p == .ios ? "iOS" : "the Mac"); it loads with the rules of \(config.isIOS ? "iOS" : "the Mac"), the script's platform", at: range))
                    }
                }
            }
        }
        // The run binds the objects' names by the ids they were given here.
        if !program.externalNibs.isEmpty { program.names = names }
        for s in program.scenarios {
            var scope = Scope(names: names)
            for o in controllerNibObjects() { scope.addNibObject(o.name, o.type) }
            checkBlock(s.body, &scope, diagnostics: &diagnostics)
        }
    }

    // MARK: Classes

    private func checkClass(_ d: ClassDecl, diagnostics: inout [Diagnostic]) {
        guard let cls = classes[d.name.name] else { return }
        // Properties and ivars are two namespaces, as in Objective-C: `@property Foo *foo`
        // synthesized to `_foo` beside an ivar `foo` is legal; two properties, or two ivars
        // (a backing ivar included), with one name are not.
        var properties: [String: SourceRange] = [:]
        var ivars: [String: SourceRange] = [:]
        for m in d.members {
            switch m {
            case .property(let p):
                checkType(p.type, diagnostics: &diagnostics)
                if properties[p.name.name] != nil { diagnostics.append(.error("'\(p.name.name)' is declared twice in class '\(d.name.name)'", at: p.name.range)) }
                properties[p.name.name] = p.name.range
                if let a = p.attribute, let r = p.attributeRange { checkWeak(a == .weak, at: r, diagnostics: &diagnostics) }
                let backing = p.backingIvar.map { ($0.name, $0.range) } ?? (p.name.name, p.name.range)
                if ivars[backing.0] != nil { diagnostics.append(.error("'\(backing.0)' is declared twice in class '\(d.name.name)'", at: backing.1)) }
                ivars[backing.0] = backing.1
            case .ivar(let v):
                checkType(v.type, diagnostics: &diagnostics)
                if ivars[v.name.name] != nil { diagnostics.append(.error("'\(v.name.name)' is declared twice in class '\(d.name.name)'", at: v.name.range)) }
                ivars[v.name.name] = v.name.range
                if v.qualifier == .weak { checkWeak(true, at: v.range, diagnostics: &diagnostics) }
                if v.qualifier != nil && !config.isARC {
                    diagnostics.append(.warning("ownership qualifiers on ivars mean nothing under MRC: an ivar does no memory management", at: v.range))
                }
            case .method(let m):
                checkMethod(m, in: cls, diagnostics: &diagnostics)
            case .nibName(let n, _):
                if !cls.isViewController && !cls.isWindowController {
                    diagnostics.append(.error("only a view or window controller has a nib of its own; '\(d.name.name)' is a \(cls.nearestBuiltin.name)", at: n.range))
                } else if !nibs.contains(where: { $0.name.name == n.name }) {
                    diagnostics.append(unknownNib(n))
                }
            case .option(let o):
                switch o.name.name {
                case "accessInstanceVariablesDirectly":
                    if let v = o.value, v.name != "YES", v.name != "NO" {
                        diagnostics.append(.error("expected YES or NO", at: v.range))
                    }
                default:
                    let known = ["accessInstanceVariablesDirectly"] + ControllerOptions.names
                    if !ControllerOptions.names.contains(o.name.name) {
                        let notes = Suggest.closest(to: o.name.name, among: known).map { ["did you mean '\($0)'?"] } ?? []
                        diagnostics.append(.error("unknown option '\(o.name.name)'", at: o.name.range, notes: notes))
                    } else {
                        ControllerOptions.check(o, in: cls, config: config, diagnostics: &diagnostics)
                    }
                }
            }
        }
    }

    private func checkType(_ t: Identifier, diagnostics: inout [Diagnostic]) {
        if t.name == "id" || classes[t.name] != nil { return }
        diagnostics.append(classes.unknownClass(t.name, at: t.range))
    }

    private func checkWeak(_ isWeak: Bool, at r: SourceRange, diagnostics: inout [Diagnostic]) {
        guard isWeak else { return }
        if config.isGC {
            return  // __weak is the collector's zeroing weak reference
        } else if !config.isARC {
            diagnostics.append(.error("'weak' needs ARC; under MRC write 'assign'", at: r))
        } else if !config.supportsWeak {
            diagnostics.append(.error("zeroing weak references need \(config.isIOS ? "iOS 5.0" : "OS X 10.7") or later; write 'unsafe_unretained'", at: r))
        }
    }

    package static let initializers: Set<String> = ["init", "initWithCoder:", "initWithNibName:bundle:", "initWithFrame:", "initWithWindowNibName:"]

    private func checkMethod(_ m: MethodDecl, in cls: RuntimeClass, diagnostics: inout [Diagnostic]) {
        var scope = Scope(names: names, cls: cls, selector: m.selector.name)
        if m.selector.name == "dealloc" { checkDealloc(m, cls, diagnostics: &diagnostics); return }
        checkBlock(m.body, &scope, diagnostics: &diagnostics)
    }

    /// A dealloc body runs inside the engine's cascade, so it may only do what lowers to
    /// engine steps: release, nil out or message what self holds, then `super`.
    private func checkDealloc(_ m: MethodDecl, _ cls: RuntimeClass, diagnostics: inout [Diagnostic]) {
        let stmts = m.body.statements
        for (i, s) in stmts.enumerated() {
            switch s.kind {
            case .release(let e), .autorelease(let e):
                if config.isARC { diagnostics.append(arcForbids(s)); continue }
                if DeallocLowering.slot(of: e, in: cls) == nil { diagnostics.append(notSelfHeld(e, cls)) }
            case .retain:
                diagnostics.append(config.isARC ? arcForbids(s) : .error("retaining in dealloc keeps an object that nothing will release", at: s.range))
            case .cfRelease(let e):
                if DeallocLowering.slot(of: e, in: cls) == nil { diagnostics.append(notSelfHeld(e, cls)) }
            case .assign(let t, let v):
                if case .nilLiteral = v.kind, DeallocLowering.nilStore(t, in: cls) != nil { continue }
                if case .nilLiteral = v.kind, DeallocLowering.nilStoreThrough(t, in: cls, classes: classes) != nil { continue }
                diagnostics.append(.error("in dealloc, assignments can only set self's properties or ivars to nil", at: s.range))
            case .send(let e, _, let args):
                if !args.isEmpty {
                    diagnostics.append(.error("in dealloc, messages can carry no arguments", at: s.range)); continue
                }
                if case .name(let id) = e.kind, id.name == "self" { continue }
                if DeallocLowering.slot(of: e, in: cls) == nil { diagnostics.append(notSelfHeld(e, cls)) }
            case .superCall:
                if config.isARC {
                    diagnostics.append(.error("ARC forbids explicit message send of 'dealloc'", at: s.range,
                                              notes: ["under ARC, [super dealloc] is called for you at the end of dealloc"]))
                } else if i != stmts.count - 1 {
                    diagnostics.append(.error("[super dealloc] must be the last statement of dealloc: after it, self is freed", at: s.range))
                }
            default:
                diagnostics.append(.error("dealloc can only release, nil out or message what self holds, then call super", at: s.range))
            }
        }
    }

    private func notSelfHeld(_ e: Expr, _ cls: RuntimeClass) -> Diagnostic {
        var names: [String] = []
        for k in cls.ancestors { names += k.ivars.map(\.name) }
        var d = Diagnostic.error("'\(cls.name)' has no ivar or property '\(e.description)' for dealloc to release", at: e.range)
        if case .name(let id) = e.kind, let s = Suggest.closest(to: id.name, among: names) { d.notes = ["did you mean '\(s)'?"] }
        return d
    }

    private func arcForbids(_ s: Stmt) -> Diagnostic {
        // Each note says what ARC does in place of the message (issue 28, item 5): the old
        // note told a `retain` to "set the reference to nil", the opposite of what it meant.
        let word: String, note: String
        switch s.kind {
        case .retain:
            word = "retain"
            note = "under ARC, storing the object in a strong variable or property retains it; there is no retain to write"
        case .autorelease:
            word = "autorelease"
            note = "under ARC, an object returned from a method is autoreleased for it when needed; there is no autorelease to write"
        default:
            word = "release"
            note = "under ARC, setting the last strong reference to nil releases the object, and dealloc releases the strong ivars and properties by itself; there is no release to write"
        }
        return .error("ARC forbids explicit message send of '\(word)'", at: SourceRange(start: s.range.start, end: s.range.start + word.utf8.count),
                      notes: [note])
    }

    private func unknownNib(_ n: Identifier) -> Diagnostic {
        let notes = Suggest.closest(to: n.name, among: nibs.map(\.name.name)).map { ["did you mean '\($0)'?"] } ?? []
        return .error("unknown nib '\(n.name)'", at: n.range, notes: notes)
    }

    // MARK: Statements

    package func checkBlock(_ b: Block, _ scope: inout Scope, diagnostics: inout [Diagnostic]) {
        // A packed record is checked by its names in place (`checkRecord`) and, when that
        // finds something to report, from its parts (see `Statements`): rebuilding the
        // whole statement and destroying it cost as much as checking it. Any other
        // statement is rebuilt whole (ARC's errors need it).
        b.statements.withView { v in
            for i in 0..<v.count {
                let kind = v.kind(i)
                if kind != .whole, kind != .bare, checkRecord(v, i, kind, &scope) { continue }
                switch kind {
                case .assign:
                    let p = v.parts(i)
                    checkAssign(p.first, p.second, &scope, diagnostics: &diagnostics)
                case .retain, .release, .autorelease:
                    if config.isARC {
                        checkStatement(v.statement(i), &scope, diagnostics: &diagnostics)
                    } else {
                        checkOwnership(v.parts(i).first, &scope, diagnostics: &diagnostics)
                    }
                default:
                    // A pool's block and a scenario's expectation of a state are read from
                    // their records without rebuilding the statement around them.
                    if let b = v.poolBlock(i) {
                        checkBlock(b, &scope, diagnostics: &diagnostics)
                    } else if scope.isScenario, let e = v.stateExpectation(i) {
                        checkExpectation(e, scope, diagnostics: &diagnostics)
                    } else {
                        checkStatement(v.statement(i), &scope, diagnostics: &diagnostics)
                    }
                }
            }
        }
    }

    private func checkAssign(_ target: Expr, _ value: Expr, _ scope: inout Scope, diagnostics: inout [Diagnostic]) {
        let t = type(of: value, scope, diagnostics: &diagnostics, allowNew: true)
        checkAssignTarget(target, valueType: t, &scope, diagnostics: &diagnostics)
    }

    /// The operand of `retain`, `release` or `autorelease`. (`scope` is `inout` only so that
    /// the loop of `checkBlock`, a closure, passes it without copying it.)
    private func checkOwnership(_ e: Expr, _ scope: inout Scope, diagnostics: inout [Diagnostic]) {
        // A name, nearly always: what `type(of:)` would do with it, without its switch.
        if case .name(let id) = e.kind {
            _ = nameType(id, scope, diagnostics: &diagnostics)
        } else {
            _ = type(of: e, scope, diagnostics: &diagnostics)
        }
    }

    private func checkStatement(_ s: Stmt, _ scope: inout Scope, diagnostics: inout [Diagnostic]) {
        switch s.kind {
        case .assign(let target, let value):
            checkAssign(target, value, &scope, diagnostics: &diagnostics)
        case .retain(let e), .release(let e), .autorelease(let e):
            if config.isARC { diagnostics.append(arcForbids(s)) }
            checkOwnership(e, &scope, diagnostics: &diagnostics)
        case .cfRelease(let e):
            _ = type(of: e, scope, diagnostics: &diagnostics)
        case .send(let e, let sel, let args):
            _ = type(of: e, scope, diagnostics: &diagnostics)
            // A selector that does not end in a colon, sent with no argument (nearly every
            // `send`), is none of those below and takes none: its checks, comparisons of
            // the selector with a handful of others and a count of its colons, are skipped.
            if args.isEmpty, sel.map({ $0.name.utf8.last != UInt8(ascii: ":") }) ?? true { return }
            // `send o setValue:forKey: v "key"`: the key is a string (Key-Value Coding).
            let isKVC = sel?.name == "setValue:forKey:"
            // `send o performSelector:withObject:afterDelay: "sel" x 1` (T2): a selector and a delay.
            let isPerform = sel?.name == "performSelector:withObject:afterDelay:"
            for (k, a) in args.enumerated() where !(isKVC && k == 1) && !(isPerform && k != 1) { _ = type(of: a, scope, diagnostics: &diagnostics) }
            if isKVC, args.count == 2 {
                if case .string = args[1].kind {} else {
                    diagnostics.append(.error("the key of setValue:forKey: is a string: 'send o setValue:forKey: v \"key\"'", at: args[1].range))
                }
            }
            if let sel {
                // Counted on the UTF-8 bytes: a Character at a time cost more than the check.
                let colons = sel.name.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: ":") ? 1 : 0) }
                if !args.isEmpty && colons != args.count {
                    diagnostics.append(.error("'\(sel.name)' takes \(colons) argument\(colons == 1 ? "" : "s"), found \(args.count)", at: sel.range))
                } else if args.isEmpty, BuiltinMessages.needsArgument(sel.name) {
                    diagnostics.append(.error("'\(sel.name)' needs an argument: 'send … \(sel.name) x'", at: sel.range))
                }
            }
        case .loadNib(let name, let owner):
            _ = type(of: owner, scope, diagnostics: &diagnostics)
            guard let nib = nibs.first(where: { $0.name.name == name.name }) else { diagnostics.append(unknownNib(name)); return }
            if case .table(let table) = nib.body {
                // By the ids the parser gave the names: no name is hashed again; and with room
                // made at once, as a nib may have a million objects.
                scope.addNibObjects(table.objects)
            } else if let model = externalNibs[nib.name.name] {
                // By the ids the objects' names were interned with (see `NibModelMapping`).
                scope.reserveNibObjects(model.objects.count)
                func add(_ m: NibModel) {
                    for o in m.objects {
                        if let id = o.nameID { scope.addNibObject(id: id, o.name, o.className) } else { scope.addNibObject(o.name, o.className) }
                    }
                }
                add(model)
                for v in model.sceneViews { add(v.model) }
            } else {
                forEachNibObject(nib) { n, c in scope.addNibObject(n, c) }
            }
        case .watch(let e):
            guard scope.isScenario else {
                diagnostics.append(.error("'watch' names an object for the scenario's expectations; it belongs in a scenario, not in a method", at: s.range)); return
            }
            guard case .name(let id) = e.kind, scope.variable(id) != nil else {
                diagnostics.append(.error("'watch' takes a variable of the scenario", at: e.range,
                                          notes: ["write 'x = …' first, then 'watch x'; expectations naming x then read that object even after x is set to nil"]))
                return
            }
        case .drain:
            if !scope.isScenario {
                diagnostics.append(.error("'drain' ends a run-loop event; it belongs in a scenario, not in a method", at: s.range))
            }
        case .autoreleasePool(let b):
            checkBlock(b, &scope, diagnostics: &diagnostics)
        case .superCall:
            if scope.isScenario {
                diagnostics.append(.error("'super' calls the superclass's implementation; it belongs in a method", at: s.range))
            } else if let sel = scope.selector, Checker.initializers.contains(sel) {
                diagnostics.append(.error("an initializer's body already runs after [super \(sel)]; remove 'super'", at: s.range))
            }
        case .expect(let e):
            if !scope.isScenario {
                diagnostics.append(.error("expectations belong in a scenario, not in a method", at: s.range)); return
            }
            checkExpectation(e, scope, diagnostics: &diagnostics)
        case .command(let verb, let args):
            ControllerCommands.check(verb, args, scope: scope, checker: self, diagnostics: &diagnostics)
        case .choose(let branches):
            if !scope.isScenario {
                diagnostics.append(.error("'choose' is a choice of the scenario's author; it belongs in a scenario, not in a method", at: s.range))
                return
            }
            // Names a branch introduces stay known after it, as each branch may be the one taken.
            let before = scope
            var after = scope
            for b in branches {
                var inner = before
                checkBlock(b, &inner, diagnostics: &diagnostics)
                for v in inner.variables { after.addVariable(v.name, v.type) }
                for o in inner.nibObjects { after.addNibObject(o.name, o.type) }
            }
            scope = after
        case .ifElse(let s):
            checkIf(s, &scope, diagnostics: &diagnostics)
        case .event(let b):
            if !scope.isScenario {
                diagnostics.append(.error("'event' groups a scenario's statements into one run-loop event; it belongs in a scenario, not in a method", at: s.range))
                return
            }
            EventBlocks.check(b, diagnostics: &diagnostics)
            checkBlock(b, &scope, diagnostics: &diagnostics)
        }
    }

    private func checkAssignTarget(_ target: Expr, valueType: String?, _ scope: inout Scope, diagnostics: inout [Diagnostic]) {
        switch target.kind {
        case .name(let id):
            if id.isSelf { diagnostics.append(.error("'self' cannot be assigned", at: id.range)); return }
            if scope.nibObject(id) != nil {
                diagnostics.append(.error("'\(id.name)' names an object of a loaded nib; use another name for a variable", at: id.range)); return
            }
            if let cls = scope.cls, cls.ivar(id.name) != nil { return }
            scope.addVariable(id, valueType)
        case .property(let base, let name):
            if let t = type(of: base, scope, diagnostics: &diagnostics), let cls = lookups.cls(t, in: classes) {
                // The property is there: `type(of: target)` would find the base's class and the
                // property again, with nothing to report (a base with a type reported nothing).
                if lookups.memberType(name, ivar: false, of: cls) != nil { return }
                if cls.list(name.name) != nil {
                    let how = name.name == "subviews" ? "send … addSubview: x" : "send … addObject: x"
                    diagnostics.append(.error("'\(name.name)' is a list \(cls.name) owns, not a property; write '\(how)'", at: name.range))
                    return
                }
            }
            _ = type(of: target, scope, diagnostics: &diagnostics)
        case .ivar:
            _ = type(of: target, scope, diagnostics: &diagnostics)
        default:
            diagnostics.append(.error("expected a variable, a property (o.name) or an ivar (o->name) to assign to", at: target.range))
        }
    }

    private func checkExpectation(_ e: Expectation, _ scope: Scope, diagnostics: inout [Diagnostic]) {
        switch e.kind {
        case .count(let x, _, _, _), .state(let x, _):
            _ = expectedType(of: x, scope, diagnostics: &diagnostics)
        case .leaks(let xs), .zombies(let xs):
            for x in xs { _ = expectedType(of: x, scope, diagnostics: &diagnostics) }
        case .crash, .noCrash, .warning:
            break
        case .event(_, let kind, let subject):
            if !ScenarioRun.eventKinds.contains(kind.name) {
                let notes = Suggest.closest(to: kind.name, among: ScenarioRun.eventKinds).map { ["did you mean '\($0)'?"] }
                    ?? ["events: " + ScenarioRun.eventKinds.joined(separator: ", ")]
                diagnostics.append(.error("unknown event '\(kind.name)'", at: kind.range, notes: notes))
            }
            if let x = subject { _ = expectedType(of: x, scope, diagnostics: &diagnostics) }
        case .other(let verb, let args, _):
            ControllerCommands.checkExpectation(verb, args, scope: scope, checker: self, diagnostics: &diagnostics)
        }
    }

    /// An expectation may also name an object by its trace label, `"aLabel#6"`, or by a
    /// name only the run gives (an object a method body made), as TraceNames describes;
    /// the class is then known only when the name is.
    package func expectedType(of e: Expr, _ scope: Scope, diagnostics: inout [Diagnostic]) -> String? {
        switch e.kind {
        case .string(let s):
            if TraceNames.parseLabel(s) != nil { return nil }
            diagnostics.append(.error("expected an object: a name, or a trace label such as \"label#6\"", at: e.range)); return nil
        case .name(let id):
            var scratch: [Diagnostic] = []
            let t = nameType(id, scope, diagnostics: &scratch)
            if scratch.isEmpty { return t }
            if let c = traceNames[id.name] { return c }
            diagnostics += scratch
            return nil
        case .property(let base, _), .ivar(let base, _):
            if case .string = base.kind { _ = expectedType(of: base, scope, diagnostics: &diagnostics); return nil }
            if case .name(let id) = base.kind {
                var scratch: [Diagnostic] = []
                if nameType(id, scope, diagnostics: &scratch) == nil, !scratch.isEmpty, traceNames[id.name] != nil { return nil }
            }
            return type(of: e, scope, diagnostics: &diagnostics)
        default:
            return type(of: e, scope, diagnostics: &diagnostics)
        }
    }
}

extension Checker {
    /// The object names a nib declares, with their classes, in document order.
    package func nibObjects(_ nib: NibDecl) -> [(name: String, type: String)] {
        var out: [(name: String, type: String)] = []
        forEachNibObject(nib) { n, c in out.append((n, c)) }
        return out
    }

    /// Calls `body` with each object a nib declares, its name and its class, in document
    /// order, without collecting them first.
    package func forEachNibObject(_ nib: NibDecl, _ body: (String, String) -> Void) {
        if case .table(let table) = nib.body {
            for o in table.objects { body(names[o.name.id], names[o.className.id]) }
            return
        }
        guard case .inline(let items) = nib.body else {
            guard let m = externalNibs[nib.name.name] else { return }
            for o in m.objects { body(o.name, o.className) }
            for v in m.sceneViews { for o in v.model.objects { body(o.name, o.className) } }
            return
        }
        NibObjectDecl.walk(items) { o, _ in
            body(o.name.name, o.className.name)
            return 0
        }
    }
}

/// `TraceNames.possible` for a checker, made on first use and kept.
private final class LazyTraceNames {
    private var program: Program?
    private let classes: ClassTable
    private var made: [String: String]?
    init(program: Program, classes: ClassTable) { self.program = program; self.classes = classes }
    var value: [String: String] {
        if let made { return made }
        let names = program.map { TraceNames.possible(in: $0, classes: classes) } ?? [:]
        made = names
        program = nil
        return names
    }
}
