import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

extension ScenarioRun {
    // MARK: Frames

    /// A hidden engine object whose slots are a scope's variables.
    package func makeFrame(key: String, names: [String]) -> LocalFrame {
        let cls: ClassID
        if let (c, _) = frameClasses[key] { cls = c } else {
            cls = engine.defineClass(name: "variables of \(key)", superclass: nil,
                                     slots: names.map { SlotInfo(name: $0) }, hidden: true)
            frameClasses[key] = (cls, names)
        }
        let o = engine.alloc(cls, name: key)
        return LocalFrame(object: o, names: names)
    }

    // MARK: Expressions

    /// `evaluate`, with a variable's name (what most `retain`, `release` and `autorelease`
    /// statements take) resolved in place rather than through the general case.
    @inline(__always) package func operand(_ e: Expr, _ ctx: Context) -> Operand {
        if case .name(let id) = e.kind { return crashed ? .none : resolve(id, ctx) }
        return evaluate(e, ctx)
    }

    package func evaluate(_ e: Expr, _ ctx: Context, nameHint: String? = nil) -> Operand {
        guard !crashed else { return .none }
        switch e.kind {
        case .nilLiteral: return .none
        case .integer(let n): return Operand(object: nil, text: String(n))
        case .string(let s): return Operand(object: nil, text: s)
        case .new(let cls, let autoreleased):
            return newObject(cls.name, autoreleased: autoreleased, nameHint: nameHint)
        case .name(let id):
            return resolve(id, ctx)
        case .property(let base, let name):
            let b = evaluate(base, ctx)
            guard let o = b.object else { return .none }
            return getProperty(name.name, of: o)
        case .ivar(let base, let name):
            let b = evaluate(base, ctx)
            guard let o = b.object else {
                engine.raise("EXC_BAD_ACCESS: read of ivar '\(name.name)' through a nil pointer", object: nil, selector: name.name)
                return .none
            }
            return readIvar(name.name, of: o)
        }
    }

    /// `new X [autoreleased]`, named `nameHint` (the variable or property it is assigned to).
    package func newObject(_ className: String, autoreleased: Bool, nameHint: String?) -> Operand {
        newObject(classes[className], autoreleased: autoreleased, nameHint: nameHint)
    }

    /// The same with the class found (nil: no such class, nothing made).
    package func newObject(_ cls: RuntimeClass?, autoreleased: Bool, nameHint: String?) -> Operand {
        guard let c = cls else { return .none }
        if c.isApplication { return newApplication(c, name: nameHint ?? defaultName(for: c), autoreleased: autoreleased) }
        let o = instantiate(c, name: nameHint ?? defaultName(for: c))
        guard !crashed else { return .none }
        if autoreleased {
            engine.autorelease(o, cause: CauseNote.convenienceConstructor.cause)
            return Operand(object: o)
        }
        return Operand(object: o, fresh: true)
    }

    package func defaultName(for c: RuntimeClass) -> String {
        var n = c.name
        for prefix in ["UI", "NS", "MK"] where n.hasPrefix(prefix) && n.count > prefix.count { n.removeFirst(prefix.count); break }
        return n.prefix(1).lowercased() + n.dropFirst()
    }

    /// explore: keeps the slot each name read in the scenario's own statements finds (see
    /// `scenarioSlotMemo`), for scenarios of up to 4 MB (16 MB of memo).
    package func memoizeScenarioSlots() {
        let size = scenario.range.end - scenario.range.start
        if size > 0, size <= 1 << 22 { scenarioSlotMemo = Array(repeating: 0, count: size) }
    }

    /// A name in the scenario's own statements (no self, no arguments): its slot in the
    /// scenario's frame + 1, or -1 if it has none, looked up once per place; 0 elsewhere,
    /// without the memo, or for `self` (which `resolve` reads before any variable).
    @inline(__always) private func memoizedScenarioSlot(_ id: Identifier, _ ctx: Context) -> Int32 {
        let at = id.range.start - scenario.range.start
        guard at >= 0, at < scenarioSlotMemo.count, ctx.selfObject == nil, ctx.arguments.isEmpty,
              ctx.frame.object == scenarioFrame.object else { return 0 }
        var m = scenarioSlotMemo[at]
        if m == 0 {
            m = id.name == "self" ? -2 : ctx.frame.slot(id.name).map { Int32($0 + 1) } ?? -1
            scenarioSlotMemo[at] = m
        }
        return m == -2 ? 0 : m
    }

    /// A name read at a place in the script.
    @inline(__always) package func resolve(_ id: Identifier, _ ctx: Context) -> Operand {
        let m = memoizedScenarioSlot(id, ctx)
        if m > 0 {
            let r = SlotRef(ctx.frame.object, Int(m - 1))
            return Operand(object: engine.read(r), place: r)
        }
        return resolve(id.name, ctx)
    }

    package func resolve(_ name: String, _ ctx: Context) -> Operand {
        if name == "self" { return Operand(object: ctx.selfObject) }
        if let a = ctx.argument(name) { return a }
        if let k = ctx.frame.slot(name) {
            let r = SlotRef(ctx.frame.object, k)
            return Operand(object: engine.read(r), place: r)
        }
        if let me = ctx.selfObject, let v = runtimeClass(of: me).ivar(name) {
            let r = SlotRef(me, v.slot)
            return Operand(object: engine.read(r), place: r)
        }
        if let o = nibNames[name] { return Operand(object: o) }
        if name == "app" { return Operand(object: applicationObject()) }
        return .none
    }

    /// `o.name`: a message to `o` (a zombie message if it is deallocated), then the value.
    package func getProperty(_ name: String, of o: ObjectID) -> Operand {
        guard engine.message(o, name) else { return .none }
        let cls = runtimeClass(of: o)
        if let special = builtinGetter(name, of: o, cls: cls) { return special }
        if let p = cls.property(name) {
            let r = SlotRef(o, p.slot)
            return Operand(object: engine.read(r), place: r)
        }
        if let l = cls.list(name) {
            note("\(shortLabel(o)).\(name) holds \(engine.list(SlotRef(o, l)).count) object(s)")
        }
        return .none
    }

    /// `o->name`: no message; reading freed memory is a crash.
    package func readIvar(_ name: String, of o: ObjectID) -> Operand {
        if !engine.isAlive(o) {
            engine.raise("EXC_BAD_ACCESS: read of ivar '\(name)' of deallocated \(label(o))", object: o, selector: name)
            return .none
        }
        guard let v = runtimeClass(of: o).ivar(name) else { return .none }
        let r = SlotRef(o, v.slot)
        return Operand(object: engine.read(r), place: r)
    }

    // MARK: Assignment

    package func assign(_ target: Expr, _ value: Expr, _ ctx: Context) {
        switch target.kind {
        case .name(let id):
            let v = evaluate(value, ctx, nameHint: id.name)
            guard !crashed else { return }
            let m = memoizedScenarioSlot(id, ctx)
            if let k = m != 0 ? (m > 0 ? Int(m - 1) : nil) : ctx.frame.slot(id.name) {
                // A watched variable given another object is no longer watched.
                // (Only if anything is watched: removing a key hashes it even from an empty table.)
                if v.object != nil, !watched.isEmpty, ctx.frame.object == scenarioFrame.object { watched[id.name] = nil }
                storeVariable(SlotRef(ctx.frame.object, k), v)
            } else if let me = ctx.selfObject, let iv = runtimeClass(of: me).ivar(id.name) {
                var v = v
                // `retain value` earlier in this body: the ivar takes over that +1.
                if iv.ownership == .none, !v.fresh, takeFloatingRetain(of: v.object, in: ctx) { v.fresh = true }
                storeIvar(iv, of: me, v)
            }
        case .property(let base, let name):
            let b = evaluate(base, ctx)
            guard !crashed else { return }
            let v = evaluate(value, ctx, nameHint: name.name)
            guard !crashed else { return }
            guard let o = b.object else {
                releaseTemporary(v)
                return note("message to nil: nothing happens")
            }
            setProperty(name.name, of: o, v)
        case .ivar(let base, let name):
            let b = evaluate(base, ctx)
            guard !crashed else { return }
            let v = evaluate(value, ctx, nameHint: name.name)
            guard !crashed, let o = b.object else { return }
            if !engine.isAlive(o) {
                engine.raise("EXC_BAD_ACCESS: write to ivar '\(name.name)' of deallocated \(label(o))", object: o, selector: name.name)
                return
            }
            guard let iv = runtimeClass(of: o).ivar(name.name) else { return }
            storeIvar(iv, of: o, v)
        default:
            break
        }
    }

    /// A variable: under MRC a plain pointer that takes over a fresh +1; under ARC a strong
    /// reference (O8).
    package func storeVariable(_ r: SlotRef, _ v: Operand) {
        if config.isARC {
            engine.store(r, v.object, rule: v.fresh ? .adopt : .retain)
        } else {
            engine.store(r, v.object, rule: .direct(adoptsClaim: v.fresh))
        }
    }

    /// An ivar written directly: no memory management under MRC (O7); its ownership
    /// qualifier under ARC.
    package func storeIvar(_ iv: RuntimeIvar, of o: ObjectID, _ v: Operand, cause: Cause? = nil) {
        let r = SlotRef(o, iv.slot)
        switch iv.ownership {
        case .none: engine.store(r, v.object, rule: .direct(adoptsClaim: v.fresh), cause: cause)
        case .strong, .copy: engine.store(r, v.object, rule: v.fresh ? .adopt : .retain, cause: cause)
        case .weak: engine.store(r, v.object, rule: .weak, cause: cause); releaseTemporary(v)
        case .assign: engine.store(r, v.object, rule: .assign, cause: cause); releaseTemporary(v)
        }
    }

    /// `o.name = v` through the setter: a setter written in the script, or the synthesized
    /// one, whose attribute decides (O6).
    package func setProperty(_ name: String, of o: ObjectID, _ v: Operand, cause: Cause? = nil) {
        // What a class's setter for `name` is depends on the class and the name alone: the
        // last one found is kept (see `SetterLookup`).
        let c = engine.classOf(o)
        let look: SetterLookup
        if let last = lastSetter, last.engineClass == c, last.name == name {
            look = last
        } else {
            look = SetterLookup(name, of: runtimeClass(of: o), engineClass: c)
            lastSetter = look
        }
        let sel = look.selector
        guard engine.message(o, sel) else { return }
        if let (m, owner) = look.method {
            invoke(m, of: owner, on: o, selector: sel, arguments: [("value", v)])
            releaseTemporary(v)
            return
        }
        guard let p = look.property else { return }
        storeThroughSetter(p, of: o, v, cause: cause)
        if !crashed { builtinDidSet(name, of: o, cls: look.cls) }
    }

    package func storeThroughSetter(_ p: RuntimeProperty, of o: ObjectID, _ v: Operand, cause: Cause? = nil) {
        let r = SlotRef(o, p.slot)
        switch p.ownership {
        case .strong, .none:
            engine.store(r, v.object, rule: .retain, cause: cause)
        case .copy:
            guard let src = v.object else { engine.store(r, nil, rule: .retain, cause: cause); break }
            guard let copy = makeCopy(of: src) else { return }
            engine.store(r, copy, rule: .adopt, cause: cause)
        case .assign:
            engine.store(r, v.object, rule: .assign, cause: cause)
        case .weak:
            if config.isMac, let o = v.object, !canFormWeakReference(to: o) { return }
            engine.store(r, v.object, rule: .weak, cause: cause)
        }
        releaseTemporary(v)
    }

    /// `copy`: +1 on the object itself if it is immutable (O3a), else a new object at +1 of
    /// the class's immutable counterpart; a class that does not adopt NSCopying raises, as
    /// `-copyWithZone:` would.
    package func makeCopy(of src: ObjectID) -> ObjectID? {
        guard engine.message(src, "copy") else { return nil }
        let cls = runtimeClass(of: src)
        guard let copyName = cls.ancestors.lazy.compactMap({ $0.builtin?.copyClass }).first,
              let copyClass = classes[cls.isBuiltin ? copyName : cls.name] else {
            engine.raise("*** -[\(cls.name) copyWithZone:]: unrecognized selector sent to instance \(shortLabel(src))",
                         object: src, selector: "copyWithZone:")
            return nil
        }
        // O3a: an immutable value object (a built-in class that is its own immutable
        // counterpart: NSString, NSArray, NSNumber …) answers `copy` with itself, retained.
        if cls.isBuiltin, copyName == cls.name {
            engine.retain(src, cause: because("-copy of an immutable \(cls.name) returns it retained (O3a)"))
            return src
        }
        return engine.alloc(copyClass.engineClass, name: "copy of \(engine.name(src))")
    }

    /// A +1 temporary that nobody adopted: ARC releases it at the end of the statement;
    /// under MRC it stays unowned (a leak unless someone releases it).
    package func releaseTemporary(_ v: Operand) {
        guard v.fresh, let o = v.object, config.isARC, engine.isAlive(o) else { return }
        engine.release(o, cause: .temporary)
    }

    // MARK: Creating objects

    /// `new X`: alloc and the `init` chain (each class's `init` body, superclass first).
    package func instantiate(_ c: RuntimeClass, name: String, initializer: String = "init") -> ObjectID {
        let o = engine.alloc(c.engineClass, name: name)
        runInitializers(initializer, of: c, on: o)
        return o
    }

    /// An initializer runs as `self = [super init…]` then its body: bodies run from the
    /// root class down. A controller's `init` runs its designated initializer first (see
    /// `initializerSteps`); a crash in one step's bodies ends that step's bodies.
    package func runInitializers(_ selector: String, of c: RuntimeClass, on o: ObjectID) {
        for step in initializerSteps(selector, of: c) {
            controllerWillInitialize(step, of: c, on: o)
            for (m, k) in step.bodies {
                guard !crashed else { break }
                invoke(m, of: k, on: o, selector: step.selector)
            }
        }
    }

    /// The initializers `selector` runs on a new object of class `c`, in order, worked out
    /// once per class and selector: every `new` of a controller ran the same string
    /// comparisons, callback lookups and body searches.
    package func initializerSteps(_ selector: String, of c: RuntimeClass) -> [InitializerStep] {
        // The last class and selector asked first: a script makes objects of a few classes
        // again and again, and the class table's search by selector cost 190 instructions.
        if lastInitializerClass === c, lastInitializerSelector == selector { return lastInitializerSteps }
        if let kept = classes.keptInitializerSteps(selector, of: c) {
            lastInitializerClass = c; lastInitializerSelector = selector; lastInitializerSteps = kept
            return kept
        }
        var steps: [InitializerStep] = []
        var next: String? = selector
        while let sel = next {
            let callback = c.isViewController || c.isWindowController ? Callback.named(sel) : nil
            steps.insert(InitializerStep(selector: sel, callback: callback, bodies: c.initializerBodies(sel)), at: 0)
            next = controllerDesignatedInitializer(sel, of: c)
        }
        classes.keepInitializerSteps(steps, for: selector, of: c)
        return steps
    }

    package func applicationObject() -> ObjectID {
        if let a = application { return a }
        let cls = classes[config.isIOS ? "UIApplication" : "NSApplication"]!
        let a = engine.alloc(cls.engineClass, name: "app")
        application = a
        return a
    }
}

/// Static facts about names in a block.
package enum Names {
    /// Every plain name assigned in a block (nested blocks included), in order of first
    /// assignment: the variables of a scope.
    package static func assigned(in block: Block, excluding: (String) -> Bool = { _ in false }) -> [String] {
        var out: [String] = []
        var seen = Set<String>()
        // The name recorded for each parser id (see `Identifier.nameID`): a name seen again
        // is told by an array read and one comparison of equal Strings, not a hash of it
        // (a scenario of a million assignments spent 5 % of its run hashing them). Every
        // name seen the first time still goes through `seen`, so names without an id, or
        // ids of another table, are counted once all the same.
        var byID: [String?] = []
        // Packed assignments' names already seen, by their index in their parse's table of
        // names (the same index is the same name): no Identifier made for them again.
        var seenIndex: [Bool] = [], seenToken: ObjectIdentifier?
        // (statements, next index): a block is resumed where its nested block interrupted it,
        // and only the statements that can assign or nest are looked into: a packed record
        // by its target's name alone (see `Statements`), a statement kept whole in place.
        var stack: [(Statements, Int)] = [(block.statements, 0)]
        while let (statements, start) = stack.popLast() {
            var i = start
            while i < statements.count {
                defer { i += 1 }
                let id: Identifier
                switch statements.kind(i) {
                case .assign:
                    guard let k = statements.assignedNameIndex(i) else { continue }
                    if seenToken != statements.namesToken { seenToken = statements.namesToken; seenIndex = [] }
                    if k < seenIndex.count, seenIndex[k] { continue }
                    if k >= seenIndex.count { seenIndex += repeatElement(false, count: max(k + 1 - seenIndex.count, seenIndex.count, 16)) }
                    seenIndex[k] = true
                    guard let name = statements.assignedName(i) else { continue }
                    id = name
                case .whole:
                    // A pool's block and an expectation are read from their records, not rebuilt.
                    if let b = statements.poolBlock(i) {
                        stack.append((statements, i + 1))
                        stack.append((b.statements, 0))
                        i = statements.count
                        continue
                    }
                    if statements.isStateExpectation(i) { continue }
                    switch statements[i].kind {
                    case .assign(let t, _):
                        guard case .name(let name) = t.kind else { continue }
                        id = name
                    case .autoreleasePool(let b), .event(let b):
                        stack.append((statements, i + 1))
                        stack.append((b.statements, 0))
                        i = statements.count
                        continue
                    case .ifElse(let s):
                        stack.append((statements, i + 1))
                        if let o = s.otherwise { stack.append((o.statements, 0)) }
                        stack.append((s.then.statements, 0))
                        i = statements.count
                        continue
                    case .choose(let bs):
                        stack.append((statements, i + 1))
                        for b in bs.reversed() { stack.append((b.statements, 0)) }
                        i = statements.count
                        continue
                    default: continue
                    }
                default: continue
                }
                guard !id.isSelf else { continue }
                let k = Int(id.nameID)
                if k >= 0, k < byID.count, let known = byID[k], known == id.name { continue }
                guard !excluding(id.name) else { continue }
                if seen.insert(id.name).inserted { out.append(id.name) }
                if k >= 0 {
                    if k >= byID.count { byID += repeatElement(nil, count: max(k + 1 - byID.count, byID.count)) }
                    if byID[k] == nil { byID[k] = id.name }
                }
            }
        }
        return out
    }
}

/// What `setProperty` finds for a property name on a class: the setter's selector, the
/// script's own setter if the class or an ancestor wrote one, else the property. The run
/// keeps the last one (`ScenarioRun.lastSetter`): a script sets one property of one class
/// many times in a row, and making the selector (a new String), the method search and the
/// property search cost about 900 instructions a store (b1's `a.child = b`, issue 27).
/// Classes do not change during a run, so what was found stays true. A class: taking the
/// kept one out is one retain, where copying a struct of its strings and arrays was six.
final class SetterLookup {
    let engineClass: ClassID
    let name: String
    let selector: String
    let cls: RuntimeClass
    let method: (MethodBody, RuntimeClass)?
    let property: RuntimeProperty?

    init(_ name: String, of cls: RuntimeClass, engineClass: ClassID) {
        self.engineClass = engineClass
        self.name = name
        self.cls = cls
        selector = KeyValueCoding.setterSelector(name)
        method = cls.method(selector)
        property = method == nil ? cls.property(name) : nil
    }
}
