import Foundation
import InterfaceBuilder
import SourceImport
import NibScriptSyntax

// Battery steps beyond the lifecycle (issue 24, rules B1–B3): the methods the framework or
// other code calls on a nib's owner (its actions, delegate and data-source methods,
// notification handlers) are sent one by one after the nib is loaded, each in a scenario of
// its own; a main nib's windows released when closed are closed. These scenarios end with the
// owner alive, so only what they cannot blame on the owner's end counts: objects no longer
// reachable (leaks) and pointers to freed objects (dangling).

extension NibAuditor {
    /// At most this many methods of one class are sent (the first by selector).
    static let entryLimit = 16

    /// The selectors of `c`'s methods that something outside the class calls: not a
    /// lifecycle method, an initializer or a setter, not called by `[self …]` in the class
    /// (a helper, inlined where it is called), and with a body that does something the
    /// script can run. Sorted, so the battery is the same at every run.
    func entrySelectors(of c: ImportedClass, lowering: ImportLowering) -> [String] {
        var called = Set<String>()
        var k: ImportedClass? = c
        var seen = Set<String>()
        var methods: [ImportedMethod] = []
        while let cls = k, seen.insert(cls.name).inserted {
            methods += cls.methods + cls.helpers
            k = cls.superclass.flatMap { project[$0] }
        }
        for m in methods {
            for s in m.statements { if case .callSelf(let sel) = s.kind { called.insert(sel) } }
        }
        let members = Set(c.members.map(\.name))
        var out: [String] = []
        for h in c.helpers.sorted(by: { $0.selector < $1.selector }) {
            let sel = h.selector
            if Self.endsTheApplication(sel) { continue }  // B12
            guard !called.contains(sel), !ObjCScanner.isInteresting(sel), !members.contains(sel), c.method(sel) == nil,
                  !["viewWillAppear:", "viewDidAppear:", "viewWillDisappear:", "viewDidDisappear:"].contains(sel),
                  // A callback the battery itself sends (`windowWillClose:`, a pane's lifecycle,
                  // a close observer's handler or a users' teardown the closing sends, a loader's
                  // hooks) comes once, where it belongs: sent as an action too, it came twice.
                  !lowering.callbacks.contains(sel) else { continue }
            let (lines, _, _) = lowering.statements(h, in: c)
            // Only a method that changes memory is worth a run (a `super` line alone is not).
            // Nor is a close alone of a window nothing releases (B7: the battery closes a window
            // controller's window itself).
            guard lines.contains(where: { l in !l.hasPrefix("super") && !(l.hasPrefix("send ") && l.components(separatedBy: "    #")[0].hasSuffix(" close")) }) else { continue }
            out.append(sel)
            if out.count == Self.entryLimit { break }
        }
        return out
    }

    /// The scenario lines that send `sel` to `target` as one run-loop event (an action, a
    /// delegate callback), with `nil` for each argument.
    static func sendLines(_ target: String, _ sel: String) -> [String] {
        let args = String(repeating: " nil", count: sel.filter { $0 == ":" }.count)
        return ["event {", "    send \(target) \(ScriptText.name(sel))\(args)", "}", "drain"]
    }

    /// Title of the scenario that runs the steps' start alone (B1): its dangling pointers are
    /// not the steps' findings.
    static let baseTitle = "loaded, before any action"

    /// Title of the scenario that sends `sel` (B1).
    static func entryTitle(_ cls: String, _ sel: String) -> String { "-[\(cls) \(sel)] sent" }

    /// The start of a battery, up to the point where the owner is loaded and shown, for the
    /// kinds whose owner the script makes (`c`): the scenarios of B1 go on from there.
    static func prefix(_ kind: OwnerKind, owner: String, nib: String, arc: Bool, taken: Set<String>, afterLoad docLife: [String] = []) -> (String, [String])? {
        let life = battery(kind, owner: owner, nib: nib, platform: .ios, arc: arc, taken: taken)
        var c = "c"
        while taken.contains(c) { c += "_" }
        switch kind {
        case .viewController:
            // Shown in a navigation controller, the creator's reference given up: the
            // navigation controller keeps it while the actions come.
            // The first scenario is the start, a covering controller (3 lines) and a warning.
            guard let body = life.first?.1, body.count > 4 else { return nil }
            return (c, Array(body.dropLast(4)))
        case .windowController, .macViewController:
            return (c, ["\(c) = new \(ScriptText.name(owner))", "show \(c)", "drain"])
        case .plain:
            let cls = ["NSObject", "UIApplication", "NSApplication"].contains(owner) ? "NSObject" : owner
            return (c, ["\(c) = new \(ScriptText.name(cls))", "load nib \(nib) owner \(c)", "drain"])
        case .application:
            return ("", ["load nib \(nib) owner app", "drain"])
        case .preferencePane:
            // B8: the pane loaded and selected; its actions come while it is shown.
            return (c, paneStart(c, owner: ScriptText.name(owner), nib: nib, arc: arc))
        case .document:
            // L6: the document opened, its window nib loaded; its actions come while it is open.
            guard docLife.count >= 3 else { return nil }
            return (c, Array(docLife[..<3]))
        }
    }

    /// The end of the owner's life after a B1 scenario: popped (a view controller, whose
    /// creator's reference the start already gave up), or released.
    static func ending(_ kind: OwnerKind, owner c: String, arc: Bool, taken: Set<String>, closing: Closing? = nil, life: [String] = []) -> [String]? {
        var nav = "nav"
        while taken.contains(nav) { nav += "_" }
        switch kind {
        case .viewController: return ["pop \(nav)", "drain"]
        // B7: a window closed by the user before its controller goes, as in the life.
        // B14: an owner that releases itself in what the closing sends is given up there.
        case .windowController, .macViewController, .plain:
            return (closing?.lines ?? []) + (closing?.releasesOwner == true ? [] : [arc ? "\(c) = nil" : "release \(c)", "drain"])
        // B8: unselected, then unloaded.
        case .preferencePane: return paneEnd(c, arc: arc)
        // L6: the document closes, its window controller releases the top-level objects.
        case .document: return life.count > 3 ? Array(life.dropFirst(3)) : nil
        case .application: return nil
        }
    }

    /// B3: the windows of a main nib that the user can close and that are released when
    /// closed (`releasedWhenClosed`, YES unless the file says NO; NSWTFlags' 0x40000000 bit
    /// clear in a legacy file): their names in the script.
    static func closableWindows(_ doc: IBDocument, names: [String?]) -> [String] {
        closableWindowIndices(doc).compactMap { names[$0] }
    }

    /// The indices of those windows in the document.
    static func closableWindowIndices(_ doc: IBDocument) -> [Int] {
        doc.objects.compactMap { o in
            guard o.parent == nil || o.relationship == .topLevel, !o.isPlaceholder,
                  o.className == "NSWindow" || o.className == "NSPanel",
                  o.attributes.first(where: { $0.0 == "releasedWhenClosed" })?.1 != "NO" else { return nil }
            return o.index
        }
    }
}

extension NibAuditor {
    /// A method of the owner that loads this nib under a nil check of a member the nib never
    /// connects (the guard is always true): the member, the method and the load.
    func wrongGuard(ownerClass: String, doc: IBDocument) -> (String, String, ImportedStatement)? {
        guard let c = project[ownerClass] else { return nil }
        let connectedNames = Set(doc.connections.filter { $0.source == doc.filesOwner }.map(\.name))
        // A method Cocoa sends once per object (`applicationDidFinishLaunching:`) loads it once,
        // whatever its guard tests.
        for h in c.helpers + c.methods where !Self.isSentOnce(h.selector) {
            for st in h.statements {
                guard case .loadNib(let n) = st.kind, n == entry.name else { continue }
                for b in st.path {
                    var t = String(b.condition.filter { $0 != " " })
                    while t.hasPrefix("("), t.hasSuffix(")") { t = String(t.dropFirst().dropLast()) }
                    let name: String
                    if b.kind == .ifTrue, t.hasPrefix("!") { name = String(t.dropFirst()) }
                    else if b.kind == .ifTrue, t.hasSuffix("==nil") { name = String(t.dropLast(5)) }
                    else { continue }
                    let bare = name.hasPrefix("self.") ? String(name.dropFirst(5)) : name
                    guard let m = c.member(forIvarOrName: bare), m.isOutlet,
                          !connectedNames.contains(m.name), !connectedNames.contains(m.ivarName) else { continue }
                    return (m.name, h.selector, st)
                }
            }
        }
        return nil
    }
}

extension Audit {
    /// Words of a fix that says the owner's `dealloc` never runs (AuditFix writes no edit then).
    static let neverRuns = "its `dealloc` never runs"

    /// A class with an object in a main nib lives as long as the application: a release in
    /// its `dealloc` fixes nothing. Its leaks' fixes say so instead (Core Plot's `Controller`).
    static func neverDeallocated(_ findings: inout [Finding], mainNibClasses: [String: String]) {
        // What a method made and `dealloc` does not release is no leak of an object whose
        // `dealloc` never runs (B1's "then released" runs).
        findings.removeAll { f in
            mainNibClasses[f.className] != nil && f.kind == .leak && !f.scenarios.isEmpty && f.scenarios.allSatisfy { $0.hasSuffix(", then released") }
        }
        for k in findings.indices {
            // A second send's leak is no `dealloc`'s: it stays, but the last object made is
            // kept for the application's life, so nothing is owed for it in `dealloc`.
            if mainNibClasses[findings[k].className] != nil, findings[k].kind == .leak, findings[k].message.contains(NibAuditor.secondSend) {
                findings[k].message = findings[k].message.replacingOccurrences(of: NibAuditor.lastUnreleased, with: "")
                if let r = findings[k].fix.range(of: "; and release `") ?? findings[k].fix.range(of: "; and add a `dealloc`") {
                    findings[k].fix = String(findings[k].fix[..<r.lowerBound])
                }
                continue
            }
            guard let nib = mainNibClasses[findings[k].className], findings[k].kind == .leak,
                  findings[k].fix.contains("dealloc"), !findings[k].fix.contains("again whenever") else { continue }
            let cls = findings[k].className
            let what = findings[k].member.map { "`\($0)`" } ?? "the object"
            findings[k].fix = "\(cls) is an object of the main nib \((nib as NSString).lastPathComponent): it lives as long as the application and \(neverRuns), so a release there frees nothing; release \(what) when done with it (when its window closes), or keep it for the application's life if it is made once (no edit is offered: when the application is done with it is the design's choice)"
        }
    }
}

extension NibAuditor {
    /// Whether every load of the nib makes a controller (`[[C alloc] initWithNibName:…]`)
    /// that the same method then presents modally (`presentModalViewController:`,
    /// `presentViewController:`), read in the code of the lines after the load up to the
    /// method's end.
    func presentedModally(_ loads: [NibLoaders.Load]) -> Bool {
        let made = loads.filter { $0.createdClass != nil }
        guard !made.isEmpty, made.count == loads.count else { return false }
        for l in made {
            let path = dir + "/" + l.file
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
            // Code only (R5): a present commented out, in an `#if 0` block or in a string
            // (a log message) presents nothing.
            let lines = NibLoaders.codeText(text, keepNames: false).components(separatedBy: "\n")
            guard l.line >= 1, l.line <= lines.count else { return false }
            var found = false
            for k in (l.line - 1)..<min(lines.count, l.line + 12) {
                let t = lines[k]
                if t.contains("presentModalViewController:") || t.contains("presentViewController:") { found = true; break }
                // The method ends: a line that opens the next one.
                if k > l.line - 1, t.hasPrefix("-") || t.hasPrefix("+") || t.hasPrefix("@end") { break }
            }
            if !found { return false }
        }
        return true
    }
}

extension NibAuditor {
    /// The members (by name and ivar) that `sel` of `cls`, or a helper it calls, passes as an
    /// argument in a statement the reader did not understand (`addSubview:overlayView`).
    func handedOver(cls: String, sel: String) -> Set<String> {
        guard let c = project[cls] else { return [] }
        var out = Set<String>()
        var todo = [sel]
        var seen = Set<String>()
        while let s = todo.popLast(), seen.insert(s).inserted, seen.count <= 8 {
            guard let m = c.helper(s) ?? c.method(s) else { continue }
            for st in m.statements { if case .callSelf(let h) = st.kind { todo.append(h) } }
            for u in m.unread {
                let t = u.text.replacingOccurrences(of: " ", with: "")
                for mem in c.members {
                    for n in Set([mem.name, mem.ivarName]) where t.contains(":" + n + "]") || t.contains(":" + n + ",") || t.contains(":self." + n + "]") {
                        out.insert(mem.name)
                    }
                }
            }
        }
        return out
    }
}

extension NibAuditor {
    /// Whether a method of `cls` (or of a superclass the sources define) releases the member
    /// `name`: a release, an autorelease, or a nil through its setter.
    func releasedSomewhere(_ name: String, in cls: String) -> Bool {
        var k: ImportedClass? = project[cls]
        var seen = Set<String>()
        while let c = k, seen.insert(c.name).inserted {
            if let m = c.member(forIvarOrName: name) {
                let names: Set<String> = [m.name, m.ivarName, "self." + m.name]
                for method in c.methods + c.helpers {
                    for st in method.statements {
                        switch st.kind {
                        case .release(let x), .autorelease(let x): if names.contains(x) { return true }
                        case .setNil(let x, let viaSetter): if viaSetter && m.isProperty && names.contains(x) { return true }
                        default: break
                        }
                    }
                }
                return false
            }
            k = c.superclass.flatMap { project[$0] }
        }
        return false
    }
}
