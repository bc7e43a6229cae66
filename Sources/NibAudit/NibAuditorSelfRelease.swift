import InterfaceBuilder
import NibScriptSyntax
import SourceImport

// B14: an owner that ends its own life. Old Cocoa code has an object release itself when
// its work is done: `[self autorelease]` in the method that closes its window
// (`-[XtrasInstaller closeInstaller]`: `if (window) [window close]; [self autorelease];`,
// made by `+installer` at +1 "because it will release itself when closed"), or in
// `windowWillClose:`. Such a statement is the owner's release (at the drain for
// `autorelease`): lowered as `release self` / `autorelease self`, the owner is freed by the
// end of the event and its outlets go with it (a freed holder dangles nothing). An owner
// whose class releases itself, and that no other code releases, is released by that method
// in its battery, not by an outside release (which would be one release too many).

extension ImportLowering {
    /// The messages to self that give up the object's own reference.
    static let selfReleaseVerbs: Set<String> = ["release", "autorelease"]

    /// Whether `s` is `[self release]` / `[self autorelease]` that the lowering turns into
    /// the owner's release: under MRC, outside an initializer (`[self release]; return nil;`
    /// is a failed init, not the object's end) and `dealloc`.
    /// A method that says `[self retain]` too keeps itself alive through its work and gives
    /// that back (`[self retain]; … [self release];`, HexFiend's pasteboard owner): a
    /// balanced pair, no end of the object.
    func isSelfRelease(_ s: ImportedStatement, in m: ImportedMethod) -> Bool {
        guard memory == .mrc, case .callSelf(let sel) = s.kind, Self.selfReleaseVerbs.contains(sel) else { return false }
        return !m.selector.hasPrefix("init") && m.selector != "dealloc" && !retainsSelf(m)
    }

    /// Whether `m`'s own body says `[self retain]`.
    func retainsSelf(_ m: ImportedMethod) -> Bool {
        m.statements.contains { if case .callSelf("retain") = $0.kind { return true }; return false }
    }

    /// B14: whether `m`, its helpers followed, releases self whenever it runs (on no branch,
    /// or only under nil checks: `if (window) [window close]; [self autorelease];`).
    package func releasesSelf(_ m: ImportedMethod, in c: ImportedClass) -> Bool {
        followed(m, in: c).contains { s in isSelfRelease(s, in: m) && runsAlways(s, names: [], in: m, of: c) }
    }
}

extension NibAuditor {
    /// B14: the method of `ownerClass` (or a project superclass) that releases the object
    /// itself, its own body saying `[self release]`/`[self autorelease]` on no branch — the
    /// one the class's other methods call to end (`closeInstaller`), first by selector — when
    /// no other code releases an object of the class (a member of that type released or
    /// autoreleased by any project class). Nil otherwise.
    func selfReleaser(ownerClass: String, lowering: ImportLowering) -> String? {
        guard lowering.memory == .mrc, project[ownerClass] != nil, !releasedByOthers(ownerClass) else { return nil }
        var k: String? = ownerClass
        var seen = Set<String>()
        while let n = k, seen.insert(n).inserted, let c = project[n] {
            let own = (c.methods + c.helpers).filter { m in
                m.statements.contains { lowering.isSelfRelease($0, in: m) && lowering.runsAlways($0, names: [], in: m, of: c) }
            }
            if let m = own.map(\.selector).sorted().first { return m }
            k = c.superclass
        }
        return nil
    }

    /// Whether some project code releases an object of class `cls` from outside: a member
    /// declared with that class, released or autoreleased by any project class's method.
    func releasedByOthers(_ cls: String) -> Bool {
        for c in project.classes {
            for m in c.methods + c.helpers {
                for s in m.statements {
                    switch s.kind {
                    case .release(let x), .autorelease(let x):
                        if let (_, mem) = member(x, of: c.name), mem.type == cls { return true }
                    default: break
                    }
                }
            }
        }
        return false
    }

    /// B14 for an owner's battery: when the teardown it already gets (B7's close, B10's
    /// users' teardown) releases the owner, that is its release; otherwise, when its class
    /// releases itself, the method that does is sent in its place. Nil when neither applies.
    func selfClosing(ownerClass: String, kind: OwnerKind, doc: IBDocument, cvar: String, closing: Closing?, lowering: ImportLowering) -> Closing? {
        guard lowering.memory == .mrc, [.plain, .windowController, .macViewController].contains(kind), let oc = project[ownerClass] else { return nil }
        if var closing {
            // What the closing sends to the owner: B10's teardowns; B7's `windowWillClose:`
            // when the window's delegate is File's Owner, and the observers' handlers.
            var sent = closing.sent
            if kind != .plain, let o = doc.filesOwner,
               let w = doc.connections(from: o).first(where: { $0.kind == .outlet && $0.name == "window" })?.destination,
               doc.connections(from: w).contains(where: { $0.kind == .outlet && $0.name == "delegate" && $0.destination == o }) {
                sent.append("windowWillClose:")
            }
            // The method runs in the battery whoever else releases such an object: the
            // creator's reference is the one it gives up, so no outside release follows.
            guard let sel = sent.first(where: { s in helper(s, of: ownerClass).map { lowering.releasesSelf($0, in: oc) } ?? false }) else { return nil }
            closing.releasesOwner = true
            closing.selfRelease = "`\(sel)` releases it"
            return closing
        }
        guard let sel = selfReleaser(ownerClass: ownerClass, lowering: lowering) else { return nil }
        let args = String(repeating: " nil", count: sel.filter { $0 == ":" }.count)
        return Closing(title: "closed by itself (`-[\(implementer(sel, of: ownerClass) ?? ownerClass) \(sel)]` releases it)",
                       lines: ["event {", "    send \(cvar) \(ScriptText.name(sel))\(args)", "}", "drain"],
                       sent: [sel], releasesOwner: true, selfRelease: "`\(sel)` releases it", byItself: true)
    }

    /// Where `lines` start in `body` (the last place), for a battery's end.
    static func start(of lines: [String], in body: [String]) -> Int? {
        guard !lines.isEmpty, body.count >= lines.count else { return nil }
        return stride(from: body.count - lines.count, through: 0, by: -1).first { Array(body[$0..<($0 + lines.count)]) == lines }
    }

    /// The method `sel` as the owner's class runs it (its own or a project superclass's).
    func helper(_ sel: String, of cls: String) -> ImportedMethod? {
        guard let n = implementer(sel, of: cls), let c = project[n] else { return nil }
        return c.helper(sel) ?? c.method(sel)
    }
}
