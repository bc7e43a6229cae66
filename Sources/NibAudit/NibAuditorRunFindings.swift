import Foundation
import InterfaceBuilder
import NibScriptSyntax
import OwnershipEngine
import SourceImport
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

// The phases of `NibAuditor.run()` that run the script and shape its findings: each
// configuration compiled and run (explored where warnings matter, run again without a
// crashing member's releases), then the findings of one defect merged and reworded.
extension NibAuditor {
    /// Phase: for each configuration, the script written, compiled and run, scenario by
    /// scenario, each run's findings filtered by what its scenario may claim (B1 steps, a
    /// second click, a rerun after a crash). A script that does not compile ends the audit.
    mutating func runConfigurations(_ nib: inout NibRun) -> Bool {
        for config in nib.configs {
            let cname = "\(config.platform.rawValue) \(config.versionText) \(config.memory.rawValue)"
            // A run that over-releases a member (or messages it freed) stops there: the
            // scenarios that did run again without that member's releases, to judge the
            // others (one finding per member); only their over-releases and zombies count.
            var neutralized: Set<String> = []
            var rerun: Set<String>?
            for attempt in 0..<12 {
                var lowering = ImportLowering(project: project, platform: nib.platform, memory: nib.memory)
                lowering.extraClasses = Set(nib.stubs.map(\.name))
                lowering.base = dir
                lowering.declared = nib.declared
                lowering.assumedSuperclass = nib.assumed
                lowering.neutralized = neutralized
                if nib.doc.kind == .xib { lowering.nibTokens = [entry.name: nib.nibName] }
                lowering.nibConnections = Self.connectionsByClass(nib.doc, ownerClass: nib.ownerClass, project: project)
                lowering.otherNib = Self.ownerOutlets(paths: context.nibPaths, dir: dir)
                lowering.entries = nib.entries
                lowering.releasedWhenClosed = nib.closable
                lowering.callbacks = nib.callbacks
                var text = "platform \(nib.platform == .ios ? "ios" : "mac") \(config.versionText)\nmemory \(nib.memory.rawValue)\n\n"
                for (name, sup) in nib.assumed.sorted(by: { $0.key < $1.key }) where !nib.catalogue.contains(name) {
                    text += "# not in the sources: assumed\nclass \(ScriptText.name(name)) : \(ScriptText.name(sup)) {\n}\n"
                }
                for s in nib.stubs { text += "# not found in the sources: loaded as its element's class\nclass \(ScriptText.name(s.name)) : \(ScriptText.name(s.superclass)) {\n}\n" }
                text += nib.ownerDecl
                let ownsNib = nib.doc.kind == .xib && (nib.kind == .viewController || nib.kind == .windowController || nib.kind == .macViewController)
                for n in nib.needed {
                    guard let c = project[n] else { continue }
                    text += lowering.render(c, nib: ownsNib && (n == nib.ownerClass || nib.extraOwners.contains(n)) ? nib.nibName : nil) + "\n"
                }
                if ownsNib, !nib.needed.contains(nib.ownerClass), let stub = nib.stubs.first(where: { $0.name == nib.ownerClass }) {
                    let head = "class \(ScriptText.name(nib.ownerClass)) : \(ScriptText.name(stub.superclass)) {\n"
                    text = text.replacingOccurrences(of: head, with: head + "    nib \(nib.nibName)\n")
                }
                var ownerOf: [String: String] = [:]
                for u in nib.units {
                    if !u.decl.isEmpty { text += u.decl + "\n\n" }
                    for (title, body) in u.scenarios {
                        ownerOf[title] = u.owner
                        text += "scenario \(ScriptText.string(title)) {\n" + body.map { "    " + $0 + "\n" }.joined() + "}\n\n"
                    }
                }
                for (k, v) in lowering.unknownMade.made { unknownMade[k] = v }
                for (k, v) in lowering.unknownMade.unkept { unkept[k] = v }
                for (k, v) in lowering.unknownMade.timers { timers[k] = v }
                for (k, v) in lowering.unknownMade.conditional { nib.conditional[k, default: [:]].merge(v) { a, _ in a } }
                guard let program = compile(text, config: config, result: &nib.result) else { return false }
                if attempt == 0 { nib.result.configurations.append(cname) }
                var crashed: [(String, String)] = []
                for s in program.scenarios where rerun?.contains(s.title) ?? true {
                    let owner = ownerOf[s.title] ?? nib.ownerClass
                    let before = findings.count
                    if s.title.hasSuffix(Self.lifeTitle) || s.title == Self.modalTitle || (nib.stepTitles.contains(s.title) && nib.kind == .viewController) {
                        exploreWarnings(program, s, budget: config.isIOS ? 1 : 0) { run, title in
                            if attempt == 0 { nib.result.scenarios += 1 }
                            collect(run, doc: nib.doc, names: nib.names, ownerClass: owner, config: cname, scenario: title)
                        }
                    } else {
                        let run = ScenarioRun(program: program, scenario: s, config: config)
                        run.run()
                        if attempt == 0 { nib.result.scenarios += 1 }
                        collect(run, doc: nib.doc, names: nib.names, ownerClass: owner, config: cname, scenario: s.title)
                    }
                    // A scenario of B1/B3 ends with the owner alive: only unreachable objects
                    // and pointers to freed ones are its findings.
                    if nib.releasedTitles.contains(s.title) {
                        // Only what a method made: the nib's own leaks are the life battery's.
                        // A member some method of the class releases is managed by the code:
                        // which action pairs with which is not known, so it is not claimed.
                        let kept = findings[before...].filter { f in
                            f.kind == .leak && (f.member == nil && f.objectDescription.contains(" made in `")
                                || f.rule.contains("V12") && !releasedSomewhere(f.member ?? "", in: f.className)) }
                        findings.removeSubrange(before...)
                        findings += kept
                    }
                    if s.title == Self.baseTitle {
                        for f in findings[before...] where f.kind == .dangling { nib.baseDangling.insert("\(f.className).\(f.member ?? "")") }
                        findings.removeSubrange(before...)
                    }
                    if nib.stepTitles.contains(s.title) {
                        // A member the method hands to a call the reader did not understand
                        // (`[[w contentView] addSubview:overlayView]`) may be kept there: its
                        // dangling is not claimed.
                        let handed = nib.stepMethod[s.title].map { handedOver(cls: $0.0, sel: $0.1) } ?? []
                        // The owner is alive: its top-level objects are not yet leaked, unless a
                        // second load replaced them (a guarded load sent twice).
                        let kept = findings[before...].filter { f in
                            (f.kind == .leak && (!f.rule.contains("N3") || nib.reloadTitles.contains(s.title)))
                                || (f.kind == .dangling && !handed.contains(f.member ?? "") && !nib.baseDangling.contains("\(f.className).\(f.member ?? "")")) }
                        findings.removeSubrange(before...)
                        findings += kept
                    }
                    // A second click's run: only the leaks of what the second send overwrote.
                    if secondClicks[s.title] != nil {
                        let kept = findings[before...].filter { $0.kind == .leak && $0.message.contains(Self.secondSend) }
                        findings.removeSubrange(before...)
                        findings += kept
                    }
                    // Only what the left-out releases hid counts again: over-releases and zombies.
                    if attempt > 0 {
                        let kept = findings[before...].filter { $0.kind == .overRelease || $0.kind == .zombie }
                        findings.removeSubrange(before...)
                        findings += kept
                    }
                    for f in findings[before...] where f.kind == .overRelease || f.kind == .zombie {
                        if let m = f.member, let (_, mem) = member(m, of: f.className), !neutralized.contains(mem.ivarName) {
                            crashed.append((s.title, mem.ivarName))
                        }
                    }
                }
                guard !crashed.isEmpty else { break }
                neutralized.formUnion(crashed.map(\.1))
                rerun = Set(crashed.map(\.0))
            }
        }
        return true
    }

    /// Phase: the nib's findings as one per defect — low confidence for app-lifetime
    /// controllers, a second click's leak absorbing the single send's (B1), a dangling
    /// member absorbing its leak (B2), a wrong guard's and an unbalanced array load's words
    /// (B1, L7), and the reading limits (R1–R7). Only after every run is collected.
    mutating func mergeFindings(_ nib: inout NibRun) {
        for k in findings.indices[nib.firstFinding...] where findings[k].kind == .leak {
            guard let why = nib.appLifetime[findings[k].className] else { continue }
            findings[k].confidence = "low"
            findings[k].confidenceReason = why
        }
        // B1's second click: a member's leak that the second send explains is one defect with
        // its leak where the method came once (nothing releases the last): one finding, at
        // the assignment, whose fix says both.
        var absorbed = IndexSet()
        for k in findings.indices[nib.firstFinding...] where findings[k].kind == .leak && findings[k].message.contains(Self.secondSend) {
            for j in findings.indices[nib.firstFinding...] where j != k && !absorbed.contains(j) && findings[j].kind == .leak
                && findings[j].className == findings[k].className && findings[j].member != nil && findings[j].member == findings[k].member
                && !findings[j].message.contains(Self.secondSend) {
                for c in findings[j].configurations where !findings[k].configurations.contains(c) { findings[k].configurations.append(c) }
                for t in findings[j].scenarios where !findings[k].scenarios.contains(t) { findings[k].scenarios.append(t) }
                absorbed.insert(j)
            }
        }
        for j in absorbed.reversed() { findings.remove(at: j) }
        // B2: a member an action gives up (`removeFromSuperview`, `autorelease`) without a nil
        // dangles after it; the same member's leak in a run where no action came is that
        // defect seen without the action (FreeRDP's `_connecting_view`): one finding, the
        // dangling one, whose fix is the missing nil.
        for k in findings.indices[nib.firstFinding...] where findings[k].kind == .dangling {
            guard let m = findings[k].member, let j = findings.indices[nib.firstFinding...].first(where: {
                findings[$0].kind == .leak && findings[$0].member == m && findings[$0].className == findings[k].className
                    && findings[$0].fix.contains("would message a freed object") }) else { continue }
            let (method, st) = (findings[j].fix.components(separatedBy: "` in `").dropFirst().first?.components(separatedBy: "`").first ?? "", findings[j].fix.components(separatedBy: "`").dropFirst().first ?? "")
            findings[k].fix = findings[j].fix.replacingOccurrences(of: "; a release in `dealloc` would message a freed object", with: "")
                + ", then release it in `dealloc`, safe once it is nil, for a run where `\(method)` never comes (`\(st)` without the nil makes that release message a freed object)"
            // The leak of a run where no action came is a consequence (its fingerprint kept
            // for `--baseline`); its own fix is the one above.
            var leak = findings[j]
            leak.fix = ""
            if !findings[k].consequences.contains(where: { $0.fingerprint == leak.fingerprint }) { findings[k].consequences.append(leak) }
            for c in leak.configurations where !findings[k].configurations.contains(c) { findings[k].configurations.append(c) }
            findings[j].kind = .crash   // marked, removed below
            findings[j].rule = "merged"
        }
        findings.removeAll { $0.rule == "merged" }
        // A nib an action loads again while a nil check of an outlet the nib never connects
        // guards it (`if (!axisDemoWindow)` and the window connected to `plotSymbolWindow`):
        // its top-level objects leak at every action; the fix is the connection.
        if nib.doc.kind == .xib, let (guardMember, method, st) = wrongGuard(ownerClass: nib.ownerClass, doc: nib.doc) {
            for k in findings.indices[nib.firstFinding...] where findings[k].kind == .leak && findings[k].rule.contains("N3") {
                let now = nib.doc.connections.first { $0.source == nib.doc.filesOwner && $0.kind == .outlet && nib.doc.objects[$0.destination].parent == nil }
                findings[k].fix = "`\(st.text)` in `\(method)` (\(st.place.fileName):\(st.place.line)) loads \((rel as NSString).lastPathComponent) again whenever `\(guardMember)` is nil, and the nib never connects `\(guardMember)`"
                    + (now.map { " (it connects `\($0.name)`)" } ?? "") + ": connect `\(guardMember)` in the nib, so it is loaded once; then release its top-level objects when done with them" + Self.noEditForWrongGuard
                findings[k].message += "; loaded again at every `\(method)`"
            }
        }
        // L7: the code took the top-level objects at +1 and gives none back: it owes the releases.
        if let t = nib.unbalanced {
            for k in findings.indices[nib.firstFinding...] where findings[k].kind == .leak && findings[k].rule.contains("N3") {
                findings[k].fix = Self.topLevelFix(t)
                findings[k].message = "\(findings[k].objectDescription) is a top-level object of the nib: `\(t.call)` (\(t.place)) hands it to the code at +1"
                    + (t.array.map { " in `\($0)`" } ?? "") + ", and nothing gives that +1 back"
                findings[k].rule = "L7 N3 O9"
            }
        }
        Self.markReadingLimits(&findings, from: nib.firstFinding, naming: nib.naming, conditional: nib.conditional)
    }
}
