import Foundation
import InterfaceBuilder
import NibScriptSyntax
import OwnershipEngine
import SourceImport
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

// The phases of `NibAuditor.run()` that write the script's scenarios: the owner's battery
// (or each storyboard scene's), the configurations it runs under, and the steps beyond the
// lifecycle (B1 actions, B3 closed windows, B6 modal controllers).
extension NibAuditor {
    /// Phase: the batteries — each storyboard scene's (L9), or the nib's owner battery with
    /// the loading code's own handling of the top-level objects (L7, L8), a shared instance
    /// (L10), a window closed first (B7) or the users' teardown (B10) and the loader's hooks
    /// (B11). A storyboard with no scene to audit is listed here.
    mutating func buildBatteries(_ nib: inout NibRun) -> Bool {
        if nib.doc.kind == .storyboard {
            nib.names = nib.doc.scriptNames
            let scenes = nib.doc.scenes.compactMap { sc -> (IBScene, Int, String)? in
                guard let c = sc.controller, let cls = nib.doc.objects[c].customClass, nib.names[c] != nil else { return nil }
                return (sc, c, cls)
            }
            for (sc, c, cls) in scenes {
                guard ownerKind(cls, platform: nib.platform, stubs: nib.stubs, doc: nib.doc, viewConnected: true, assumed: nib.assumed) == .viewController else { continue }
                // Who instantiates the scene (L9); a scene nothing can instantiate is not audited.
                let how = sceneLoaders(doc: nib.doc, controller: c, mainByPlist: nib.mainByPlist)
                if how.isEmpty {
                    nib.result.notes.append("scene of \(cls) (\(entry.displayPath):\(nib.doc.objects[c].location.line)) not audited: unreachable — not the initial view controller, no segue leads to it, no storyboard identifier (L9)")
                    continue
                }
                nib.result.loadedBy += how.map { scenes.count > 1 ? "\(cls): \($0)" : $0 }
                if nib.doc.initialViewController == c, nib.mainByPlist != nil || guessedMainStoryboard(nib.doc) {
                    nib.appLifetime[cls] = Self.appLifetimeReason(cls, guessed: nib.mainByPlist == nil)
                }
                let decl = ScriptText.name(Self.identifier(cls) + "_scene")
                let take = ["load nib \(decl) owner nil", "\(nib.cvar) = \(ScriptText.name(nib.names[c]!))"] + (nib.arc ? [] : ["retain \(nib.cvar)"])
                let battery = Self.battery(.viewController, owner: cls, nib: decl, platform: nib.platform, arc: nib.arc, taken: nib.taken).map { (t, body) in
                    (scenes.count > 1 ? "\(cls): \(t)" : t, take + body.filter { $0 != "\(nib.cvar) = new \(ScriptText.name(cls))" })
                }
                nib.units.append(("nib \(decl) from " + ScriptText.string("\(nib.nibPath)#\(sc.id)"), battery, cls))
            }
            nib.kind = .viewController
            nib.ownerClass = nib.units.map(\.owner).joined(separator: ", ")
            if nib.units.isEmpty {
                nib.result.problem = "no scene controller with a class of its own" + (nib.result.notes.contains { $0.hasSuffix("(L9)") } ? " that anything can instantiate (L9)" : "")
                nib.result.listed = true; return false
            }
        } else {
            // The loading code's own handling of the top-level objects (L7, L8).
            let code = nib.kind == .plain ? codeLoads(doc: nib.doc, names: nib.doc.scriptNames, ownerClass: nib.ownerClass, platform: nib.platform, arc: nib.arc,
                                                  cvar: nib.cvar, taken: nib.taken) : CodeLoads()
            nib.result.loadedBy += code.loadedBy
            nib.result.notes += code.notes
            nib.unbalanced = code.unbalanced
            nib.naming = code.naming
            // The document's window controller adopts the top-level objects (L6).
            let adopted = nib.kind == .document ? nib.doc.ownedTopLevelObjects.compactMap { nib.doc.scriptNames[$0] }.map { "\(nib.arc ? "CFRelease" : "release") \(ScriptText.name($0))" } : []
            if nib.kind == .document {
                nib.result.loadedBy.append("the NSWindowController the document makes, with the document as File's Owner; it releases the nib's top-level objects when the document closes (L6)")
            }
            // L10 for a shared window or Mac view controller: shown and kept.
            if nib.kind == .windowController || nib.kind == .macViewController, let n = sharedInstanceClass(above: nib.ownerClass), !writesDealloc(nib.ownerClass) {
                nib.keptShared = true
                nib.result.loadedBy.append("\(nib.ownerClass), a shared instance (\(sharedReason(n))): kept, with its nib's objects, for the application's life (L10)")
            } else if nib.kind == .windowController || nib.kind == .macViewController, let why = context.appLifetime[nib.ownerClass], !writesDealloc(nib.ownerClass) {
                // L18: made once by an app-lifetime object that never lets go of it (as L10,
                // not one whose class writes a `dealloc`: it expects to be released).
                nib.keptShared = true
                nib.result.loadedBy.append("\(nib.ownerClass), \(why): kept, with its nib's objects, for the application's life (L18)")
            }
            // B7: a window controller's window closed by the user first, when its delegate gets
            // `windowWillClose:`; B10: a plain owner closed as its users close it.
            if nib.kind == .windowController, !nib.keptShared { nib.closing = windowClosing(doc: nib.doc, ownerClass: nib.ownerClass, cvar: nib.cvar) }
            // The owner's methods lowered as the battery will lower them, for B10 and B14.
            var probe = ImportLowering(project: project, platform: nib.platform, memory: nib.memory)
            probe.extraClasses = Set(nib.stubs.map(\.name)); probe.base = dir
            probe.declared = Set(nib.needed + nib.stubs.map(\.name) + nib.assumed.keys); probe.assumedSuperclass = nib.assumed
            if nib.kind == .plain, !code.keepsOwner {
                nib.closing = teardown(ownerClass: nib.ownerClass, cvar: nib.cvar, senders: context.teardownSenders, lowering: probe)
            }
            // B14: an owner whose class releases itself is released by that method, not from outside.
            if !nib.keptShared, !(nib.kind == .plain && code.keepsOwner) {
                if let own = selfClosing(ownerClass: nib.ownerClass, kind: nib.kind, doc: nib.doc, cvar: nib.cvar, closing: nib.closing, lowering: probe) { nib.closing = own }
            }
            if let t = nib.closing {
                if t.byItself {
                    nib.result.notes.append("released by itself: \(t.title) (B14)")
                } else {
                    nib.result.notes.append("before its release: \(t.title) (\(nib.kind == .plain ? "B10" : "B7"))" + (t.selfRelease.map { ", where \($0) (B14)" } ?? ""))
                }
            }
            // B11: the hooks the owner's loading method calls after its `-nibName` load.
            if nib.kind == .plain, nib.loads.contains(where: { $0.call == "-nibName" }) {
                nib.hooks = loaderHooks(ownerClass: nib.ownerClass)
                if !nib.hooks.isEmpty { nib.result.notes.append("after the load: " + nib.hooks.map { "`\($0)`" }.joined(separator: ", ") + ", as the method that loads it with `[self nibName]` sends them (B11)") }
            }
            let hookLines = nib.hooks.map { "send \(nib.cvar) \(ScriptText.name($0))" + String(repeating: " nil", count: $0.filter { $0 == ":" }.count) }
            nib.units = [("nib \(nib.nibName)\(nib.kind == .application ? " main" : "") from " + ScriptText.string(nib.nibPath),
                      nib.keptShared ? Self.sharedControllerBattery(owner: nib.scriptOwner, taken: nib.taken)
                        : Self.battery(nib.kind, owner: nib.scriptOwner, nib: nib.nibName, platform: nib.platform, arc: nib.arc, taken: nib.taken,
                                   afterLoad: hookLines + code.afterLoad + adopted, afterOwner: code.afterOwner, keepOwner: code.keepsOwner,
                                   closing: nib.closing), nib.ownerClass)]
            // L18's owner is no shared instance: its scenario says what keeps it.
            if context.appLifetime[nib.ownerClass] != nil, sharedInstanceClass(above: nib.ownerClass) == nil, nib.keptShared || code.keepsOwner {
                nib.units[0].1 = nib.units[0].1.map { ($0.0.replacingOccurrences(of: "by the shared instance", with: "by an owner made once by an object kept for the application's life (L18)"), $0.1) }
            }
            for c in nib.extraOwners {
                let own = nib.kind == .windowController ? windowClosing(doc: nib.doc, ownerClass: c, cvar: nib.cvar) : nil
                // A plain owner's own load is read for it as for the nib's (L7, L8, L19).
                let more = nib.kind == .plain ? codeLoads(doc: nib.doc, names: nib.doc.scriptNames, ownerClass: c, platform: nib.platform, arc: nib.arc,
                                                          cvar: nib.cvar, taken: nib.taken) : CodeLoads()
                nib.units.append(("", Self.battery(nib.kind, owner: c, nib: nib.nibName, platform: nib.platform, arc: nib.arc, taken: nib.taken,
                                                   afterLoad: more.afterLoad, afterOwner: more.afterOwner, keepOwner: more.keepsOwner,
                                                   closing: own).map { ("\(c): \($0.0)", $0.1) }, c))
            }
        }
        if nib.kind == .preferencePane { nib.result.loadedBy.append("NSPreferencePane's loadMainView (L2)") }
        nib.result.owner = nib.ownerClass
        nib.result.ownerKind = nib.kind.rawValue
        for (name, as_) in nib.assumed.sorted(by: { $0.key < $1.key }) { nib.result.notes.append("assumed: \(name) is a \(as_) (not in the sources)") }
        return true
    }

    /// Phase: the configurations (platform versions) the script runs under: the document's
    /// platform, narrowed by Swift, the deployment target and `--platform`. A Swift nib that
    /// `--platform` asks to run where Swift does not is listed here.
    mutating func chooseConfigurations(_ nib: inout NibRun) -> Bool {
        if let why = garbageCollectedSkip(nib) ?? notBuiltSkip(nib) { nib.result.problem = why; nib.result.listed = true; return false }
        nib.configs = nib.platform == .ios
            ? [Configuration(platform: .ios, major: 5, minor: 1, memory: nib.memory), Configuration(platform: .ios, major: 6, minor: 0, memory: nib.memory)]
            : [Configuration(platform: .mac, major: 10, minor: 7, memory: nib.memory)]
        // Swift needs iOS 7 or OS X 10.9: a nib with a Swift class runs only there (iOS 7
        // behaves as 6.0 here: views never unload).
        let swift = nib.involved.contains(where: { $0.language == .swift })
        if swift {
            nib.configs = [nib.platform == .ios ? Configuration(platform: .ios, major: 7, minor: 0, memory: nib.memory)
                                        : Configuration(platform: .mac, major: 10, minor: 9, memory: nib.memory)]
        }
        // A deployment target of iOS 6 or later: views never unload, no 5.1 column.
        if options.version == nil, nib.platform == .ios, let (v, _) = context.settings.iosDeployment, v.0 >= 6 { nib.configs.removeAll { !$0.atLeast(6) } }
        if let (major, minor) = options.version {
            nib.configs = nib.configs.filter { $0.major == major && $0.minor == minor }
            if nib.configs.isEmpty && swift {
                nib.result.problem = "skipped: its Swift classes need iOS 7 or later, and --platform asks for iOS \(major).\(minor)"
                nib.result.listed = true
                return false
            }
        }
        return true
    }

    /// Phase: the steps beyond the lifecycle, as scenarios added to the first unit — the
    /// owner's methods sent one by one (B1, a second click where it overwrites), a main
    /// nib's windows closed (B3), a controller presented modally (B6). Needs the batteries
    /// (it starts from their beginning) and is read by the runs' filters.
    mutating func addSteps(_ nib: inout NibRun) {
        // Which outlets of the imported classes this nib connects (for "outlets no nib connects").
        for c in nib.doc.connections where c.kind == .outlet || c.kind == .outletCollection {
            for cls in c.source == nib.doc.filesOwner ? [nib.ownerClass] + nib.extraOwners : [nib.doc.objects[c.source].effectiveClass] {
                if let (ic, m) = member(c.name, of: cls) { connected.insert("\(ic.name).\(m.name)") }
            }
        }
        classesUsed = nib.needed
        nib.names = nib.doc.scriptNames
        nib.declared = Set(nib.needed + nib.stubs.map(\.name) + nib.assumed.keys)
        // B1, B3: the owner's (a main nib's top-level objects') other methods, each sent in a
        // scenario of its own, and a main nib's windows closed.
        nib.entries = [:]
        nib.callbacks = ImportLowering.frameworkCallbacks.union(nib.closing?.sent ?? []).union(nib.hooks)
        // B3: the ivars this nib connects to its windows released when closed, for the code's
        // own closes (only where the +1 is the owner's or the application's: a plain owner or
        // a main nib; a window controller keeps its window).
        nib.closable = []
        if nib.doc.kind == .xib, nib.kind == .plain || nib.kind == .application {
            let windows = Set(Self.closableWindowIndices(nib.doc))
            for c in nib.doc.connections where c.kind == .outlet && windows.contains(c.destination) {
                if let (_, m) = member(c.name, of: className(of: c.source, in: nib.doc, ownerClass: nib.ownerClass)) { nib.closable.insert(m.ivarName) }
            }
        }
        nib.stepTitles = []
        nib.releasedTitles = []
        nib.stepMethod = [:]
        // The scenarios of a guarded load sent twice: a second load replaces the top-level objects.
        nib.reloadTitles = []
        nib.baseDangling = []
        // B6: a controller every creator presents modally is never covered by another: its
        // view never unloads while it is shown, so the battery shows and dismisses it.
        if nib.kind == .viewController, nib.doc.kind == .xib, presentedModally(nib.loads), nib.units.count == 1,
           let life = nib.units[0].scenarios.first(where: { $0.0 == Self.lifeTitle }) {
            var body = life.1
            if let k = body.firstIndex(where: { $0.contains("= new UIViewController") && body.firstIndex(of: $0)! > 4 }) {
                body.removeSubrange(k..<(k + 3))
                if let p = body.firstIndex(where: { $0.hasPrefix("pop ") }) { body.remove(at: p) }
                nib.units[0].scenarios = [(Self.modalTitle, body)]
                nib.result.notes.append("presented modally by its creator (\(nib.loads.map { "\($0.file):\($0.line)" }.joined(separator: ", "))): never covered, so no run leaves it covered by another (B6)")
            }
        }
        stepScenarios = []
        // A plain owner's steps start as its battery does (the code's own handling of the
        // top-level objects, L7, L8, included) and end with the rest of it.
        if nib.kind == .plain, let body = nib.units.first?.scenarios.first?.1 {
            let give = nib.arc ? "\(nib.cvar) = nil" : "release \(nib.cvar)"
            // The owner's end starts with its users' teardown (B10), if any, then its release.
            if let k = body.firstIndex(of: give) { nib.plainEnd = Array(body[(k - (nib.closing?.lines.count ?? 0))...]) }
            // B14: an owner that releases itself ends with the method that does.
            else if let cl = nib.closing, cl.releasesOwner, let k = Self.start(of: cl.lines, in: body) { nib.plainEnd = Array(body[k...]) }
            else { nib.plainEnd = [] }
        }
        if nib.doc.kind == .xib, !nib.units.isEmpty, var (cv, pre) = Self.prefix(nib.kind, owner: nib.scriptOwner, nib: nib.nibName, arc: nib.arc, taken: nib.taken, afterLoad: nib.units.first?.scenarios.first?.1 ?? []) {
            if nib.kind == .plain, let body = nib.units.first?.scenarios.first?.1 {
                pre = Array(body.prefix(body.count - (nib.plainEnd?.count ?? 0)))
                cv = nib.cvar
            }
            var probe = ImportLowering(project: project, platform: nib.platform, memory: nib.memory)
            probe.extraClasses = Set(nib.stubs.map(\.name)); probe.base = dir; probe.declared = nib.declared
            probe.assumedSuperclass = nib.assumed; probe.nibTokens = [entry.name: nib.nibName]; probe.releasedWhenClosed = nib.closable
            probe.callbacks = nib.callbacks
            var targets: [(String, String)] = []
            if nib.kind == .application {
                // A shared instance the nib names (L12) is not made by the load: nothing to send to.
                for o in nib.doc.objects where (o.parent == nil || o.relationship == .topLevel) && !o.isPlaceholder && !o.isSharedInstance {
                    if let cc = o.customClass, defines(cc), nib.needed.contains(cc), let n = nib.names[o.index] { targets.append((ScriptText.name(n), cc)) }
                }
            } else if defines(nib.ownerClass), nib.needed.contains(nib.ownerClass) {
                targets.append((cv, nib.ownerClass))
            }
            let baseAt = nib.units[0].scenarios.count
            for (t, cls) in targets {
                guard let ic = project[cls] else { continue }
                let sels = entrySelectors(of: ic, lowering: probe).filter { !(nib.entries[cls] ?? []).contains($0) }
                nib.entries[cls, default: []] += sels
                for sel in sels {
                    // A method that loads this very nib is its loader: the run starts without
                    // the battery's load, and a load under a nil check (made to be sent again,
                    // as a second click would) is sent twice — unless Cocoa sends it once per
                    // object (`applicationDidFinishLaunching:`, `awakeFromNib`): no second click.
                    let lines = ic.helper(sel).map { probe.statements($0, in: ic).0 } ?? []
                    let loadsNib = lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("load nib \(nib.nibName) ") }
                    let guarded = loadsNib && lines.contains { $0.hasPrefix("if ") } && !Self.isSentOnce(sel)
                    var start = loadsNib ? pre.filter { !$0.hasPrefix("load nib \(nib.nibName) ") } : pre
                    // The holds the start takes on the load's objects (`kept = panel`, L10 and
                    // L8) name objects the script cannot name when the sent method loads them
                    // (they were left out as a reading limit, with a note): the owner that
                    // keeps them holds them through its outlets there.
                    if loadsNib { start = start.filter { !Self.isHold($0) } }
                    let title = Self.entryTitle(cls, sel) + (guarded ? " twice" : "")
                    nib.stepMethod[title] = (cls, sel)
                    if guarded { nib.reloadTitles.insert(title) }
                    let sent = start + Self.sendLines(t, sel) + (guarded ? Self.sendLines(t, sel) : [])
                    nib.units[0].scenarios.append((title, sent))
                    nib.stepTitles.insert(title)
                    // B14: a method that releases the owner itself is its end: no release after
                    // it, and no second send (the owner is gone).
                    if ic.helper(sel).map({ probe.releasesSelf($0, in: ic) }) == true { continue }
                    // Then the owner's end: what the method made and `dealloc` never releases.
                    if let end = nib.kind == .plain ? nib.plainEnd.flatMap({ $0.isEmpty ? nil : $0 }) : nib.keptShared ? nil : Self.ending(nib.kind, owner: cv, arc: nib.arc, taken: nib.taken, closing: nib.closing, life: nib.units[0].scenarios.first?.1 ?? []) {
                        nib.units[0].scenarios.append((title + ", then released", sent + end))
                        nib.releasedTitles.insert(title + ", then released")
                    }
                    // A second click (or a second callback): a method that stores a new object
                    // into a member is sent twice, and only what the second store overwrote
                    // counts there (the rest is the single send's). A loader is not: its
                    // second load is the guarded one's case above.
                    if !loadsNib, !overwrittenMembers(cls: cls, sel: sel).isEmpty {
                        let twice = Self.entryTitle(cls, sel) + " twice"
                        nib.stepMethod[twice] = (cls, sel)
                        secondClicks[twice] = (cls, sel)
                        nib.units[0].scenarios.append((twice, sent + Self.sendLines(t, sel)))
                        nib.stepTitles.insert(twice)
                    }
                }
            }
            // The start alone, before the steps: what already dangles there is not their doing.
            if !nib.stepTitles.isEmpty { nib.units[0].scenarios.insert((Self.baseTitle, pre), at: baseAt) }
            stepScenarios = nib.stepTitles
            if nib.kind == .application {
                for i in Self.closableWindowIndices(nib.doc) {
                    guard let w = nib.names[i] else { continue }
                    let title = "main nib loaded, window \(w) closed by the user"
                    closedWindows[title] = i
                    // B7: the close first sends the window's delegate `windowWillClose:`.
                    nib.units[0].scenarios.append((title, pre + ["event {", "    send \(ScriptText.name(w)) close",
                                                              "    \(nib.arc ? "CFRelease" : "release") \(ScriptText.name(w))", "}", "drain"]))
                    nib.stepTitles.insert(title)
                }
            }
            stepScenarios = nib.stepTitles.union(nib.releasedTitles)
        }
    }
}
