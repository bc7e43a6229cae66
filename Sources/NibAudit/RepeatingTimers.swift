import Foundation
import SourceImport
import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter

// B15: a repeating NSTimer whose target is its owner, invalidated only in `dealloc` (T1).
// The run loop retains a scheduled timer and the timer retains its target until it is
// invalidated: an owner whose only `[timer invalidate]` is in its `dealloc` never gets
// there. The audit models such a timer only when nothing else could stop it: every
// `invalidate` of it (and every `invalidate` the class writes at all, and any statement of
// the project naming the member beside `invalidate`) is in `dealloc` or a helper only
// `dealloc` calls, and the method the timer fires does not invalidate it. A timer stopped
// anywhere else (`viewWillDisappear:`, `windowWillClose:`, a close method, an action) is
// left unread, as before: whether that method comes before the owner's release is the
// users' choice, and a claim would be a guess.

/// A repeating timer the script makes, for the finding that names it.
package struct TimerMade {
    /// The class whose method makes it, and that method's selector.
    var className: String
    var method: String
    var member: ImportedMember
    var statement: ImportedStatement
    /// The selector it fires.
    var fires: String
    /// The `invalidate`s of it the class writes (in `dealloc`, or a helper only `dealloc`
    /// calls): the method and the place.
    var invalidationPlaces: [(method: String, place: SourcePlace)]
    var invalidations: [String] {
        invalidationPlaces.map { "in " + ($0.method == "dealloc" ? "`dealloc`" : "`-\($0.method)`") + " (\($0.place.fileName):\($0.place.line))" + ($0.method == "dealloc" ? "" : ", which only `dealloc` calls") }
    }
}

extension ImportLowering {
    /// `c`, its imported superclasses and the project classes below it.
    func timerClasses(_ c: ImportedClass) -> [ImportedClass] {
        var out: [ImportedClass] = []
        var k: ImportedClass? = c
        var seen = Set<String>()
        while let cls = k, seen.insert(cls.name).inserted { out.append(cls); k = cls.superclass.flatMap { project[$0] } }
        for other in project.classes where !seen.contains(other.name) {
            var s = other.superclass
            var guardSeen = Set<String>()
            while let n = s, guardSeen.insert(n).inserted {
                if n == c.name { out.append(other); break }
                s = project[n]?.superclass
            }
        }
        return out
    }

    /// Whether `m` runs only on the way to `dealloc`: `dealloc` itself, or a helper every
    /// `[self sel]` of which (one at least) is in `dealloc`.
    func onlyInDealloc(_ m: ImportedMethod, among classes: [ImportedClass]) -> Bool {
        if m.selector == "dealloc" { return true }
        var callers = 0
        for cls in classes {
            for other in cls.methods + cls.helpers {
                for s in other.statements {
                    guard case .callSelf(let sel) = s.kind, sel == m.selector else { continue }
                    if other.selector != "dealloc" { return false }
                    callers += 1
                }
            }
        }
        return callers > 0
    }

    /// The repeating timer `s` makes into `mem` (in `method` of `c`), when the audit models it
    /// (see the file's comment); nil when something besides `dealloc` may stop it.
    func modelledTimer(_ s: ImportedStatement, fires: String, member mem: ImportedMember, method: ImportedMethod, in c: ImportedClass) -> TimerMade? {
        let classes = timerClasses(c)
        let names: Set<String> = [mem.name, mem.ivarName]
        var atDealloc: [(method: String, place: SourcePlace)] = []
        for cls in classes {
            for m in cls.methods + cls.helpers {
                let dealloc = onlyInDealloc(m, among: classes)
                // The method the timer fires may stop it (`[timer invalidate]` after the last tick).
                if m.selector == fires, m.statements.contains(where: { if case .invalidate = $0.kind { return true }; return false })
                    || m.selector == fires && m.unread.contains(where: { $0.text.contains("invalidate") }) { return nil }
                for st in m.statements {
                    guard case .invalidate(let x) = st.kind else { continue }
                    if !dealloc { return nil }
                    if names.contains(x) { atDealloc.append((m.selector, st.place)) }
                }
                if !dealloc, m.unread.contains(where: { $0.text.contains("invalidate") }) { return nil }
            }
        }
        // Another class stopping it through the owner (`[controller.timer invalidate]`,
        // `[[controller timer] invalidate]`, `controller->_timer`); a bare `_timer` there is
        // that class's own ivar.
        for cls in project.classes where !classes.contains(where: { $0.name == cls.name }) {
            for m in cls.methods + cls.helpers {
                let texts = m.statements.map(\.text) + m.unread.map(\.text)
                if texts.contains(where: { t in t.contains("invalidate") && names.contains(where: { Self.namesThroughAnObject(t, $0) }) }) { return nil }
            }
        }
        return TimerMade(className: c.name, method: method.selector, member: mem, statement: s, fires: fires, invalidationPlaces: atDealloc)
    }

    /// Whether `text` names `name` as another object's member: `x.name`, `x->name`, `[x name]`.
    static func namesThroughAnObject(_ text: String, _ name: String) -> Bool {
        let chars = Array(text)
        let n = Array(name)
        guard n.count > 0, chars.count >= n.count else { return false }
        func isIdent(_ c: Character) -> Bool { c == "_" || c.isLetter || c.isNumber }
        var k = 0
        while k + n.count <= chars.count {
            defer { k += 1 }
            guard Array(chars[k..<(k + n.count)]) == n else { continue }
            let after = k + n.count < chars.count ? chars[k + n.count] : " "
            guard !isIdent(after) else { continue }
            let before = k > 0 ? chars[k - 1] : " "
            if before == "." || (before == ">" && k > 1 && chars[k - 2] == "-") { return true }
            if before == " ", after == "]" { return true }
        }
        return false
    }

    /// The script lines of a repeating timer made into member `x` (T1): made autoreleased
    /// (or at +1 when the code retains it), stored, and scheduled with self as its target.
    func timerLines(_ s: ImportedStatement, x: String, fires: String, scheduled: Bool, retained: Bool, viaSetter: Bool,
                    in m: ImportedMethod, of c: ImportedClass, at: String) -> [String]? {
        guard let mem = member(x, in: c), type(mem.type) == "NSTimer" || type(mem.type) == "NSObject",
              let made = modelledTimer(s, fires: fires, member: mem, method: m, in: c) else { return nil }
        let ivar = ScriptText.name(mem.ivarName)
        var out: [String] = []
        let new = memory == .arc ? "new NSTimer" : "new NSTimer" + (retained ? "" : " autoreleased")
        if viaSetter {
            guard mem.isProperty, !mem.isReadonly else { return nil }
            out.append("self.\(ScriptText.name(mem.name)) = \(new)" + at)
        } else {
            guard x == mem.ivarName else { return nil }
            out.append("\(ivar) = \(new)" + at)
        }
        if scheduled { out.append("send \(ivar) scheduleWithTarget: self" + at) }
        unknownMade.timers["\(c.name).\(mem.ivarName)"] = made
        return out
    }

    /// The member a statement makes a repeating timer on self into, the selector it fires,
    /// whether it is scheduled: `.makeTimer`, or a `setNew` of a retained one.
    static func timerMade(_ st: ImportedStatement) -> (String, String, Bool)? {
        if case .makeTimer(let x, let fires, let scheduled, _, _) = st.kind { return (x, fires, scheduled) }
        if case .setNew(let x, _, _, _) = st.kind, let t = st.timer { return (x, t.selector, t.scheduled) }
        return nil
    }

    /// Whether the class (or a class above or below it) makes a timer the audit models into `mem`.
    func makesModelledTimer(into mem: ImportedMember, in c: ImportedClass, scheduledLater: Bool = false) -> Bool {
        let key = "\(c.name).\(mem.ivarName).\(scheduledLater)"
        if let known = memberNames.modelledTimers[key] { return known }
        let answer = findsModelledTimer(into: mem, in: c, scheduledLater: scheduledLater)
        memberNames.modelledTimers[key] = answer
        return answer
    }

    private func findsModelledTimer(into mem: ImportedMember, in c: ImportedClass, scheduledLater: Bool) -> Bool {
        for cls in timerClasses(c) {
            for m in cls.methods + cls.helpers {
                for st in m.statements {
                    guard let (x, fires, scheduled) = Self.timerMade(st), !scheduledLater || !scheduled,
                          let mx = member(x, in: cls), mx.ivarName == mem.ivarName,
                          modelledTimer(st, fires: fires, member: mx, method: m, in: cls) != nil else { continue }
                    return true
                }
            }
        }
        return false
    }

    /// `[[NSRunLoop currentRunLoop] addTimer:x forMode:…]` of a timer this class makes with
    /// `+timerWithTimeInterval:…target:self…repeats:YES` and the audit models.
    func addTimerLines(_ x: String, in c: ImportedClass, at: String) -> [String]? {
        guard let mem = member(x, in: c), makesModelledTimer(into: mem, in: c, scheduledLater: true) else { return nil }
        return ["send \(ScriptText.name(mem.ivarName)) scheduleWithTarget: self" + at]
    }

    /// `[x invalidate]` of a member holding a timer the audit models.
    func invalidateLines(_ x: String, in c: ImportedClass, at: String) -> [String]? {
        guard let mem = member(x, in: c), makesModelledTimer(into: mem, in: c) else { return nil }
        return ["send \(ScriptText.name(mem.ivarName)) invalidate" + at]
    }
}

extension NibAuditor {
    /// B15: each scheduled timer of the run whose target nothing but the timer keeps — the
    /// battery released its owner, and the run loop's retain of the timer and the timer's of
    /// its target keep it — is one finding at the line that makes the timer. What the target
    /// keeps is kept too (reachable from the run loop): no leak findings of its own, as for a
    /// retain cycle (its latent leaks show once the timer is stopped earlier).
    func timerFindings(_ run: ScenarioRun, platform: PlatformName, config: String, scenario: String) -> [Audit.Finding] {
        let e = run.engine
        let timerRoots = run.extraRoots.filter { e.isAlive($0) && e.className(e.classOf($0)) == "NSTimer" }
        guard !timerRoots.isEmpty, !timers.isEmpty else { return [] }
        let others = run.roots.filter { !timerRoots.contains($0) }
        let unheld = Set(e.leaks(roots: others, followsAdopted: run.adoptionIsReference))
        var out: [Audit.Finding] = []
        for t in timerRoots {
            guard let p = run.runtimeClass(of: t).property("target"), let target = e.read(SlotRef(t, p.slot)), unheld.contains(target) else { continue }
            // The timer the script made for a member of the target's class (or a class above it).
            var cls: String? = e.className(e.classOf(target))
            var made: TimerMade?
            var seen = Set<String>()
            while let n = cls, seen.insert(n).inserted, made == nil {
                made = timers["\(n).\(e.name(t))"] ?? timers.values.sorted(by: { $0.member.ivarName < $1.member.ivarName }).first { m in
                    m.className == n && e.slotIndex(named: m.member.ivarName, in: e.classOf(target)).map { e.read(SlotRef(target, $0)) == t } == true
                }
                cls = project[n]?.superclass
            }
            guard let m = made else { continue }
            let owner = e.className(e.classOf(target))
            let st = m.statement
            let line = "\(st.place.fileName):\(st.place.line)"
            let stops = m.invalidations.isEmpty ? "nothing invalidates it"
                : "its only `invalidate` is \(m.invalidations.joined(separator: " and ")), and that retain keeps `dealloc` from ever running"
            var f = Audit.Finding(kind: .leak, rule: "T1 B15", className: m.className, member: m.member.name,
                                  objectDescription: "\(owner) kept by its timer", location: Audit.Place(st.place, base: dir, what: "timer scheduled here"),
                                  message: "`\(m.member.name)` of \(m.className) holds a repeating NSTimer made in `\(m.method)` (\(line)) with `target:self`: the run loop retains the timer and the timer retains its target until it is invalidated, and \(stops); so once released, \(owner) \(e.name(target)) is never deallocated, nor anything it keeps (its nib's objects), and the timer goes on sending `-\(m.fires)`",
                                  fix: "")
            let stop: String
            if isKind(owner, of: "UIViewController", platform: platform) || isKind(owner, of: "NSViewController", platform: platform) {
                stop = "in `viewWillDisappear:` or `viewDidDisappear:` (scheduling it again in `viewWillAppear:` if it must tick while shown)"
            } else if isKind(owner, of: "NSWindowController", platform: platform) {
                stop = "in `windowWillClose:` (the window's delegate), or in the method that closes the window"
            } else {
                stop = "in a close or stop method its users call before releasing it"
            }
            f.fix = "invalidate the timer before the owner is released, \(stop): `[\(m.member.ivarName) invalidate]; \(m.member.ivarName) = nil;` — not in `dealloc`: while the timer is scheduled \(Audit.neverRuns) (no edit is offered: where the timer stops is the design's choice)"
            f.related = m.invalidationPlaces.map { Audit.Place($0.place, base: dir, what: "invalidate") }
            f.configurations = [config]; f.scenarios = [scenario]
            f.objects = [Audit.Object(className: owner, name: e.name(target), origin: "", text: "\(owner) \(e.name(target))"),
                         Audit.Object(className: "NSTimer", name: m.member.ivarName, origin: line, text: "NSTimer (\(line))")]
            out.append(f)
        }
        return out
    }
}
