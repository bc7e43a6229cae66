import Foundation
import InterfaceBuilder
import NibScriptSyntax
import OwnershipEngine
import SourceImport
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

extension NibAuditor {
    /// Class prefixes of Apple's frameworks (a class so named that the sources do not define
    /// is the framework's, not a stale name).
    static let applePrefixes = ["NS", "UI", "AM", "AB", "AV", "CA", "CI", "CL", "EK", "GK", "IK", "MK", "PDF", "QC", "QL", "SK", "WK", "Web", "DOM", "OSA", "SF", "SB"]

    /// Automator's action classes (the catalogue has none): an action loads its bundle's
    /// `main.nib` itself, with itself as File's Owner, and keeps and releases the nib's
    /// top-level objects as an NSViewController does its nib's — whether or not the nib
    /// connects its `view` outlet (a compiled action's often does not).
    static let automatorActions: Set<String> = ["AMAction", "AMBundleAction", "AMAppleScriptAction", "AMShellScriptAction"]

    /// Whether `name` is `ancestor` or inherits from it, through the sources' classes and the catalogue's.
    func isKind(_ name: String, of ancestor: String, platform: PlatformName) -> Bool {
        let builtin = Catalogue.classes(for: platform)
        var k: String? = name
        var seen = Set<String>()
        while let n = k, seen.insert(n).inserted {
            if n == ancestor { return true }
            k = project[n]?.superclass ?? builtin.first { $0.name == n }?.superclass
        }
        return false
    }

    /// Whether the sources define `name` (an `@interface Name : Super` or a Swift class), not
    /// only add to it (a category or class extension has no superclass of its own).
    func defines(_ name: String) -> Bool {
        guard let c = project[name] else { return false }
        return c.superclass != nil || c.language == .swift
    }

    /// Whether `name` is NSDocument or a subclass of it the sources define.
    func isDocument(_ name: String) -> Bool {
        var k: String? = name
        var seen = Set<String>()
        while let n = k, seen.insert(n).inserted {
            if n == "NSDocument" || n == "NSPersistentDocument" { return true }
            k = project[n]?.superclass
        }
        return false
    }

    mutating func run() -> Audit.NibResult {
        var result = Audit.NibResult(path: entry.displayPath, owner: nil, ownerKind: "")
        let firstFinding = findings.count
        result.copies = entry.copies
        if let why = entry.unreadable { result.problem = why; result.listed = true; return result }
        let doc: IBDocument
        switch IBReader.read(path: path, displayPath: rel) {
        case .success(let d): doc = d
        case .failure(let f):
            result.problem = "not read: " + (f.diagnostics.first.map { $0.message } ?? "\(f)")
            // A window of each line, up to the error limit (see `IBDiagnosticText`).
            let onlyErrors = IBReadFailure(diagnostics: f.errors)
            errors += IBDiagnosticText.format(onlyErrors, sourcePath: path, shownPath: path)
            result.isError = true
            return result
        }
        let platform: PlatformName = doc.platform == .ios ? .ios : .mac
        if let p = options.platform, p != platform {
            result.problem = "skipped: a \(doc.platform.displayName) document (--platform \(p.rawValue))"
            result.listed = true
            return result
        }
        if doc.kind == .storyboard && platform == .mac {
            result.problem = "skipped: Mac storyboards are not audited yet (check their scenes with 'nib … from \"File.storyboard#Scene\"' in a script)"
            result.listed = true
            return result
        }
        let catalogue = Set(Catalogue.classes(for: platform).map(\.name))
        let ownerIndex = doc.filesOwner
        let ownerObject = ownerIndex.map { doc.objects[$0] }
        var ownerClass = ownerObject?.customClass ?? ownerObject?.className ?? "NSObject"
        if ownerClass == "IBFilesOwner" || ownerClass.isEmpty { ownerClass = "NSObject" }
        let loads = context.loaders.loads(of: entry.name)
        result.loadedBy = loads.map { $0.text + ($0.createdClass.map { " (a new \($0))" } ?? "") }
        // Who loads it (L1–L5): the Info.plist's main nib, a framework owner, the code.
        let mainByPlist = context.settings.mainNibs[entry.name]
        var renamedOwner: String?
        var formerOwner: String?
        let appPlaceholder = doc.objects.first { $0.placeholderIdentifier == "IBApplication" }
        let appConnected = appPlaceholder.map { a in doc.connections(from: a.index).contains { $0.kind == .outlet } } ?? false
        var isMain = mainByPlist != nil
        if let m = mainByPlist { result.loadedBy.append("the application, as its main nib (\(m))") }
        else if context.settings.mainNibs.isEmpty, platform == .mac, appConnected, ["NSObject", "NSApplication"].contains(ownerClass), loads.isEmpty {
            // No Info.plist read: a nib that connects the Application placeholder's outlets
            // (its delegate) and that no code loads is taken for a main nib, and says so.
            isMain = true
            result.loadedBy.append("the application, as its main nib (guessed: no Info.plist read, and the nib connects the Application's outlets)")
        }
        // A File's Owner class that exists nowhere: the owner is whatever the code passes (L5).
        // A load by a class of the sources (`[super initWithNibName:@"X" …]` in its
        // `@implementation`, `[[C alloc] initWithNibName:@"X" …]`, `loadNibNamed:@"X"
        // owner:self`, a `-nibName` returning `@"X"`) gives the nib the owner it really gets (a
        // renamed class the nib was not updated for); a nib nothing loads is stale, listed, no
        // other finding.
        // A class of an Apple framework the catalogue lacks (`AMAppleScriptAction`, an
        // Automator action's owner) exists, in the framework: never stale, modelled (below)
        // as an NSObject subclass and listed as assumed.
        let frameworkOwner = Self.applePrefixes.contains { ownerClass.hasPrefix($0) && ownerClass.dropFirst($0.count).first?.isUppercase == true }
        if doc.kind == .xib, ownerObject?.customClass != nil, !catalogue.contains(ownerClass), !defines(ownerClass), !isMain, !frameworkOwner {
            // The owner is whatever the loading call passes (L5): File's Owner's class is only
            // Interface Builder's hint. A load with an owner of a known class audits the nib
            // with that class (an outlet it lacks is an undefined key: a real crash).
            let owners = loaderOwners(loads, catalogue: catalogue)
            if let (real, l) = owners.first {
                renamedOwner = ownerClass
                result.notes.append("File's Owner class \(ownerClass) is in no source; \(real) loads the nib as its own (\(Self.place(l))): audited with that owner")
                for (other, ol) in owners.dropFirst() {
                    result.notes.append("also loaded with a \(other) as owner (\(Self.place(ol)))")
                }
                ownerClass = real
                let lacking = outletsLacking(doc, owner: real)
                if !lacking.isEmpty {
                    result.notes.append("\(real) has no \(lacking.map { "`\($0)`" }.joined(separator: ", ")), which the nib connects from File's Owner: "
                        + (platform == .ios ? "setting it raises an undefined key (N7)" : "the Mac loader leaves \(lacking.count == 1 ? "it" : "them") nil (N6)"))
                }
            } else if loads.isEmpty {
                result.owner = ownerClass
                result.problem = "stale: its File's Owner class \(ownerClass) is defined in no source and is no Cocoa class the catalogue knows, and nothing loads it (L5)"
                result.listed = true
                return result
            } else {
                // Something loads it, with an owner whose class the text does not say
                // (`owner:controller`, a name built at run time): not stale, not auditable.
                result.owner = ownerClass
                result.problem = "owner not known: its File's Owner class \(ownerClass) is defined in no source, and the code that loads it (\(result.loadedBy.joined(separator: ", "))) passes an owner whose class the audit cannot tell (L5)"
                result.listed = true
                return result
            }
        }
        // A generic File's Owner (`NSObject`) the code replaces: `[NSBundle loadNibNamed:@"X"
        // owner:self]` in a class of the sources gives the nib that class as its owner (L3).
        // So does a class unrelated to the loading class (neither inherits from the other): the
        // nib's name for a class renamed since (Colloquy's `JVChatTranscript`, a model class now,
        // whose nib `JVChatTranscriptPanel` loads with owner:self) — when no load's class is related.
        // A subclass of the loading class stays (a load in `EventsController` runs in a `MyEventsController`).
        let selfLoads = loads.filter { $0.owner == "self" && $0.createdClass == nil && $0.inClass.map(defines) == true }
        if doc.kind == .xib, !isMain, let l = selfLoads.first,
           ownerClass == "NSObject" || !selfLoads.contains(where: { isKind($0.inClass!, of: ownerClass, platform: platform)
                                                                   || isKind(ownerClass, of: $0.inClass!, platform: platform) }) {
            result.notes.append(ownerClass == "NSObject"
                ? "File's Owner is NSObject in the nib; \(l.file):\(l.line) loads it with owner:self in \(l.inClass!): audited with that owner"
                : "File's Owner is \(ownerClass) in the nib, but \(l.file):\(l.line) loads it with owner:self in \(l.inClass!), which is no \(ownerClass): audited with that owner")
            // The nib still names its old class: the script declares it (`need`, below).
            if ownerClass != "NSObject" { formerOwner = ownerClass }
            ownerClass = l.inClass!
            renamedOwner = nil
        }
        // A nib with a generic owner that no code names and no Info.plist names: unused (L4).
        let selfLoading: Set<String> = ["UIViewController", "NSWindowController", "NSViewController", "NSPreferencePane", "NSDocument",
                                        "UITableViewController", "UIApplication", "NSApplication"]
        let nameFromClass = context.loaders.buildsNamesFromClasses && defines(entry.name)
        if doc.kind == .xib, !isMain, !context.loaders.mentions(entry.name), !nameFromClass, catalogue.contains(ownerClass), !selfLoading.contains(ownerClass) {
            result.owner = ownerClass
            result.problem = "unused: File's Owner is \(ownerClass), no source names it and no Info.plist makes it a main nib (L4)"
            result.listed = true
            return result
        }
        // The classes the nib names, and the project classes they need.
        var stubs: [Stub] = []
        var needed: [String] = []
        var assumed: [String: String] = [:]
        func elementClass(_ o: IBObject) -> String {
            o.isPlaceholder ? "NSObject" : (catalogue.contains(o.className) ? o.className : (platform == .ios ? "UIView" : "NSView"))
        }
        func need(_ name: String, element: String) {
            var k: String? = name
            var chain: [String] = []
            while let n = k, defines(n), !catalogue.contains(n), !chain.contains(n) {
                chain.append(n); k = project[n]!.superclass
            }
            // A superclass neither the sources nor the catalogue defines (a library's): modelled
            // as the nib element's class, NSObject at worst, and listed as assumed.
            if let top = k, !catalogue.contains(top), !defines(top), assumed[top] == nil, let first = chain.last, project[first]?.language != .swift {
                let modelled = platform == .mac && Self.automatorActions.contains(top) ? "NSViewController" : element
                assumed[top] = modelled
                missing.append(Audit.Missing(name: top, loadedAs: modelled + " (assumed: superclass of \(first))", places: ["\(rel)"]))
            }
            for n in chain.reversed() where !needed.contains(n) { needed.append(n) }
        }
        for o in doc.objects {
            guard let custom = o.index == ownerIndex && o.customClass != nil ? ownerClass : o.customClass, !catalogue.contains(custom) else { continue }
            if defines(custom) { need(custom, element: elementClass(o)); continue }
            if stubs.contains(where: { $0.name == custom }) {
                if let k = missing.firstIndex(where: { $0.name == custom }) { missing[k].places.append("\(rel):\(o.location.line)") }
                continue
            }
            var sup = elementClass(o)
            if o.index == ownerIndex {
                let outs = doc.connections(from: o.index).map(\.name)
                if platform == .mac && Self.automatorActions.contains(custom) { sup = "NSViewController" }
                else if platform == .ios && outs.contains("view") { sup = "UIViewController" }
                else if platform == .mac && outs.contains("window") { sup = "NSWindowController" }
                else if platform == .mac && outs.contains("view") { sup = "NSViewController" }
                else { sup = "NSObject" }
            }
            stubs.append(Stub(name: custom, superclass: sup))
            missing.append(Audit.Missing(name: custom, loadedAs: sup, places: ["\(rel):\(o.location.line)"]))
        }
        // The nib's own name for the renamed owner class: a subclass of NSObject the script can name.
        if let r = renamedOwner { stubs.append(Stub(name: r, superclass: "NSObject")) }
        if let f = formerOwner, defines(f) { need(f, element: "NSObject") }
        // Several loaders, several batteries: other classes of the sources that load this nib
        // as their own (`[[Other alloc] initWithNibName:@"X" …]`, or `[super initWithNibName:
        // @"X" …]` in Other's `@implementation`) run the same battery as owners (at most 4).
        var extraOwners: [String] = []
        if doc.kind == .xib, !isMain {
            let mine = ownerKind(ownerClass, platform: platform, stubs: stubs, doc: doc, assumed: assumed)
            if [.viewController, .windowController, .macViewController].contains(mine) {
                for l in loads where ["initWithNibName:", "initWithWindowNibName:"].contains(l.call) {
                    guard let c = l.createdClass ?? l.inClass, defines(c), c != ownerClass, !extraOwners.contains(c), extraOwners.count < 4,
                          ownerKind(c, platform: platform, stubs: stubs, doc: doc, assumed: assumed) == mine else { continue }
                    extraOwners.append(c)
                    need(c, element: "NSObject")
                    result.notes.append("also loaded as the nib of \(c) (\(l.file):\(l.line)): audited with that owner too")
                }
            }
        }
        // Member types that are project classes come along (as declarations of their own).
        var k = 0
        while k < needed.count {
            for m in project[needed[k]]?.members ?? [] {
                for t in [m.type, m.collectionElement].compactMap({ $0 }) where defines(t) && !catalogue.contains(t) { need(t, element: "NSObject") }
            }
            k += 1
        }
        let involved = needed.compactMap { project[$0] }
        var memory: MemoryModelName
        if let m = options.memory { memory = m }
        else if let (m, why) = context.settings.memory(of: involved, base: dir) { memory = m; result.notes.append("\(m.rawValue.uppercased()): \(why)") }
        else { memory = ProjectFacts.memory(of: involved.isEmpty ? project.classes : involved) }
        // A nib owned by Swift (its File's Owner, or every scene controller of a storyboard,
        // is a Swift class) runs under ARC whatever `--memory` or the project says: Swift has
        // no MRC, and its `weak` outlets stay weak (under MRC they would be read as assign).
        let sceneClasses = doc.scenes.compactMap { $0.controller.flatMap { doc.objects[$0].customClass } }.filter(defines)
        let swiftOwned = doc.kind == .xib ? project[ownerClass]?.language == .swift
            : !sceneClasses.isEmpty && sceneClasses.allSatisfy { project[$0]?.language == .swift }
        if swiftOwned && memory != .arc {
            result.notes.append("Swift has no MRC: audited under ARC" + (options.memory == .mrc ? " (--memory mrc applies to Objective-C)" : ""))
            memory = .arc
        }
        var kind = isMain ? .application : ownerKind(ownerClass, platform: platform, stubs: stubs, doc: doc, assumed: assumed)
        // L11: no load by name, and the nib is named after its view controller class.
        if kind == .viewController, doc.kind == .xib, let l = defaultNibLoader(ownerClass: ownerClass, loads: loads) { result.loadedBy.append(l) }
        if kind == .application, doc.kind == .xib {
            // The nib as the project names it (`MainMenu.nib`, not its bundle's `designable.nib` or `keyedobjects.nib`).
            for o in doc.objects where !o.isPlaceholder { if let cc = o.customClass, defines(cc) { mainNibClasses[cc] = entry.displayPath } }
        }
        // L6: an NSDocument subclass names its window nib (`-windowNibName`, or
        // `initWithWindowNibName:… owner:self`): NSDocument makes an NSWindowController that
        // loads it with the document as owner and releases its top-level objects when it goes.
        if kind == .plain, doc.kind == .xib, isDocument(ownerClass),
           loads.contains(where: { $0.call == "-windowNibName" || ($0.call == "initWithWindowNibName:" && ($0.owner == "self" || $0.inClass == ownerClass)) }) {
            kind = .document
        }
        // A catalogue controller as File's Owner (`[[NSWindowController alloc]
        // initWithWindowNibName:@"X"]`, L3): a subclass of the script carries the nib's name,
        // as the initializer does.
        var scriptOwner = ownerClass
        var ownerDecl = ""
        // Not a pane: its battery loads the nib itself (L2), and only a view or window
        // controller may carry a nib in the script (a plain NSPreferencePane owner did not compile).
        if catalogue.contains(ownerClass), [.viewController, .windowController, .macViewController].contains(kind) {
            scriptOwner = Self.identifier(ownerClass + "_" + entry.name)
            ownerDecl = ScriptText.comment("# \(ownerClass) made with the nib's name (L3)")
                + "\nclass \(ScriptText.name(scriptOwner)) : \(ScriptText.name(ownerClass)) {\n    nib \(ScriptText.name(Self.identifier(entry.name)))\n}\n"
        }
        if kind == .plain && loads.isEmpty && !context.loaders.mentions(entry.name) && ownerObject?.customClass != nil {
            result.notes.append("no load of it found in the sources: audited as loaded by its owner")
        }
        // A token of the script: the nib's name made an identifier, quoted if it must be.
        let nibName = ScriptText.name(Self.identifier(entry.name))
        let nibPath = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var units: [(decl: String, scenarios: [(String, [String])], owner: String)] = []
        let arc = memory == .arc
        let taken = Set(doc.scriptNames.compactMap { $0 })
        var cvar = "c"
        while taken.contains(cvar) { cvar += "_" }
        var unbalanced: NibLoaders.TopLevelLoad?
        var keptShared = false
        var naming: [String: (reason: String, fix: String)] = [:]
        var conditional: [String: [String: String]] = [:]
        // Controllers the application keeps for its life (the main storyboard's initial one).
        var appLifetime: [String: String] = [:]
        var closing: Closing?
        var hooks: [String] = []
        if doc.kind == .storyboard {
            let names = doc.scriptNames
            let scenes = doc.scenes.compactMap { sc -> (IBScene, Int, String)? in
                guard let c = sc.controller, let cls = doc.objects[c].customClass, names[c] != nil else { return nil }
                return (sc, c, cls)
            }
            for (sc, c, cls) in scenes {
                guard ownerKind(cls, platform: platform, stubs: stubs, doc: doc, viewConnected: true, assumed: assumed) == .viewController else { continue }
                // Who instantiates the scene (L9); a scene nothing can instantiate is not audited.
                let how = sceneLoaders(doc: doc, controller: c, mainByPlist: mainByPlist)
                if how.isEmpty {
                    result.notes.append("scene of \(cls) (\(entry.displayPath):\(doc.objects[c].location.line)) not audited: unreachable — not the initial view controller, no segue leads to it, no storyboard identifier (L9)")
                    continue
                }
                result.loadedBy += how.map { scenes.count > 1 ? "\(cls): \($0)" : $0 }
                if doc.initialViewController == c, mainByPlist != nil || guessedMainStoryboard(doc) {
                    appLifetime[cls] = Self.appLifetimeReason(cls, guessed: mainByPlist == nil)
                }
                let decl = ScriptText.name(Self.identifier(cls) + "_scene")
                let take = ["load nib \(decl) owner nil", "\(cvar) = \(ScriptText.name(names[c]!))"] + (arc ? [] : ["retain \(cvar)"])
                let battery = Self.battery(.viewController, owner: cls, nib: decl, platform: platform, arc: arc, taken: taken).map { (t, body) in
                    (scenes.count > 1 ? "\(cls): \(t)" : t, take + body.filter { $0 != "\(cvar) = new \(ScriptText.name(cls))" })
                }
                units.append(("nib \(decl) from " + ScriptText.string("\(nibPath)#\(sc.id)"), battery, cls))
            }
            kind = .viewController
            ownerClass = units.map(\.owner).joined(separator: ", ")
            if units.isEmpty {
                result.problem = "no scene controller with a class of its own" + (result.notes.contains { $0.hasSuffix("(L9)") } ? " that anything can instantiate (L9)" : "")
                result.listed = true; return result
            }
        } else {
            // The loading code's own handling of the top-level objects (L7, L8).
            let code = kind == .plain ? codeLoads(doc: doc, names: doc.scriptNames, ownerClass: ownerClass, platform: platform, arc: arc,
                                                  cvar: cvar, taken: taken) : CodeLoads()
            result.loadedBy += code.loadedBy
            result.notes += code.notes
            unbalanced = code.unbalanced
            naming = code.naming
            // The document's window controller adopts the top-level objects (L6).
            let adopted = kind == .document ? doc.ownedTopLevelObjects.compactMap { doc.scriptNames[$0] }.map { "\(arc ? "CFRelease" : "release") \(ScriptText.name($0))" } : []
            if kind == .document {
                result.loadedBy.append("the NSWindowController the document makes, with the document as File's Owner; it releases the nib's top-level objects when the document closes (L6)")
            }
            // L10 for a shared window or Mac view controller: shown and kept.
            if kind == .windowController || kind == .macViewController, let n = sharedInstanceClass(above: ownerClass), !writesDealloc(ownerClass) {
                keptShared = true
                result.loadedBy.append("\(ownerClass), a shared instance (a `+shared…` method in \(n)): kept, with its nib's objects, for the application's life (L10)")
            }
            // B7: a window controller's window closed by the user first, when its delegate gets
            // `windowWillClose:`; B10: a plain owner closed as its users close it.
            if kind == .windowController, !keptShared { closing = windowClosing(doc: doc, ownerClass: ownerClass, cvar: cvar) }
            if kind == .plain, !code.keepsOwner {
                var probe = ImportLowering(project: project, platform: platform, memory: memory)
                probe.extraClasses = Set(stubs.map(\.name)); probe.base = dir
                probe.declared = Set(needed + stubs.map(\.name) + assumed.keys); probe.assumedSuperclass = assumed
                closing = teardown(ownerClass: ownerClass, cvar: cvar, senders: teardownSenders(), lowering: probe)
            }
            if let t = closing { result.notes.append("before its release: \(t.title) (\(kind == .plain ? "B10" : "B7"))") }
            // B11: the hooks the owner's loading method calls after its `-nibName` load.
            if kind == .plain, loads.contains(where: { $0.call == "-nibName" }) {
                hooks = loaderHooks(ownerClass: ownerClass)
                if !hooks.isEmpty { result.notes.append("after the load: " + hooks.map { "`\($0)`" }.joined(separator: ", ") + ", as the method that loads it with `[self nibName]` sends them (B11)") }
            }
            let hookLines = hooks.map { "send \(cvar) \(ScriptText.name($0))" + String(repeating: " nil", count: $0.filter { $0 == ":" }.count) }
            units = [("nib \(nibName)\(kind == .application ? " main" : "") from " + ScriptText.string(nibPath),
                      keptShared ? Self.sharedControllerBattery(owner: scriptOwner, taken: taken)
                        : Self.battery(kind, owner: scriptOwner, nib: nibName, platform: platform, arc: arc, taken: taken,
                                   afterLoad: hookLines + code.afterLoad + adopted, afterOwner: code.afterOwner, keepOwner: code.keepsOwner,
                                   closing: closing), ownerClass)]
            for c in extraOwners {
                let own = kind == .windowController ? windowClosing(doc: doc, ownerClass: c, cvar: cvar) : nil
                units.append(("", Self.battery(kind, owner: c, nib: nibName, platform: platform, arc: arc, taken: taken, closing: own).map { ("\(c): \($0.0)", $0.1) }, c))
            }
        }
        if kind == .preferencePane { result.loadedBy.append("NSPreferencePane's loadMainView (L2)") }
        result.owner = ownerClass
        result.ownerKind = kind.rawValue
        for (name, as_) in assumed.sorted(by: { $0.key < $1.key }) { result.notes.append("assumed: \(name) is a \(as_) (not in the sources)") }
        var configs: [Configuration] = platform == .ios
            ? [Configuration(platform: .ios, major: 5, minor: 1, memory: memory), Configuration(platform: .ios, major: 6, minor: 0, memory: memory)]
            : [Configuration(platform: .mac, major: 10, minor: 7, memory: memory)]
        // Swift needs iOS 7 or OS X 10.9: a nib with a Swift class runs only there (iOS 7
        // behaves as 6.0 here: views never unload).
        let swift = involved.contains(where: { $0.language == .swift })
        if swift {
            configs = [platform == .ios ? Configuration(platform: .ios, major: 7, minor: 0, memory: memory)
                                        : Configuration(platform: .mac, major: 10, minor: 9, memory: memory)]
        }
        // A deployment target of iOS 6 or later: views never unload, no 5.1 column.
        if options.version == nil, platform == .ios, let (v, _) = context.settings.iosDeployment, v.0 >= 6 { configs.removeAll { !$0.atLeast(6) } }
        if let (major, minor) = options.version {
            configs = configs.filter { $0.major == major && $0.minor == minor }
            if configs.isEmpty && swift {
                result.problem = "skipped: its Swift classes need iOS 7 or later, and --platform asks for iOS \(major).\(minor)"
                result.listed = true
                return result
            }
        }
        // Which outlets of the imported classes this nib connects (for "outlets no nib connects").
        for c in doc.connections where c.kind == .outlet || c.kind == .outletCollection {
            for cls in c.source == doc.filesOwner ? [ownerClass] + extraOwners : [doc.objects[c.source].effectiveClass] {
                if let (ic, m) = member(c.name, of: cls) { connected.insert("\(ic.name).\(m.name)") }
            }
        }
        classesUsed = needed
        let names = doc.scriptNames
        let declared = Set(needed + stubs.map(\.name) + assumed.keys)
        // B1, B3: the owner's (a main nib's top-level objects') other methods, each sent in a
        // scenario of its own, and a main nib's windows closed.
        var entries: [String: [String]] = [:]
        let callbacks = ImportLowering.frameworkCallbacks.union(closing?.sent ?? []).union(hooks)
        // B3: the ivars this nib connects to its windows released when closed, for the code's
        // own closes (only where the +1 is the owner's or the application's: a plain owner or
        // a main nib; a window controller keeps its window).
        var closable: Set<String> = []
        if doc.kind == .xib, kind == .plain || kind == .application {
            let windows = Set(Self.closableWindowIndices(doc))
            for c in doc.connections where c.kind == .outlet && windows.contains(c.destination) {
                if let (_, m) = member(c.name, of: className(of: c.source, in: doc, ownerClass: ownerClass)) { closable.insert(m.ivarName) }
            }
        }
        var stepTitles: Set<String> = []
        var releasedTitles: Set<String> = []
        var stepMethod: [String: (String, String)] = [:]
        // The scenarios of a guarded load sent twice: a second load replaces the top-level objects.
        var reloadTitles: Set<String> = []
        var baseDangling: Set<String> = []
        // B6: a controller every creator presents modally is never covered by another: its
        // view never unloads while it is shown, so the battery shows and dismisses it.
        if kind == .viewController, doc.kind == .xib, presentedModally(loads), units.count == 1,
           let life = units[0].scenarios.first(where: { $0.0 == Self.lifeTitle }) {
            var body = life.1
            if let k = body.firstIndex(where: { $0.contains("= new UIViewController") && body.firstIndex(of: $0)! > 4 }) {
                body.removeSubrange(k..<(k + 3))
                if let p = body.firstIndex(where: { $0.hasPrefix("pop ") }) { body.remove(at: p) }
                units[0].scenarios = [(Self.modalTitle, body)]
                result.notes.append("presented modally by its creator (\(loads.map { "\($0.file):\($0.line)" }.joined(separator: ", "))): never covered, so no run leaves it covered by another (B6)")
            }
        }
        stepScenarios = []
        // A plain owner's steps start as its battery does (the code's own handling of the
        // top-level objects, L7, L8, included) and end with the rest of it.
        var plainEnd: [String]?
        if kind == .plain, let body = units.first?.scenarios.first?.1 {
            let give = arc ? "\(cvar) = nil" : "release \(cvar)"
            // The owner's end starts with its users' teardown (B10), if any, then its release.
            if let k = body.firstIndex(of: give) { plainEnd = Array(body[(k - (closing?.lines.count ?? 0))...]) } else { plainEnd = [] }
        }
        if doc.kind == .xib, !units.isEmpty, var (cv, pre) = Self.prefix(kind, owner: scriptOwner, nib: nibName, arc: arc, taken: taken, afterLoad: units.first?.scenarios.first?.1 ?? []) {
            if kind == .plain, let body = units.first?.scenarios.first?.1 {
                pre = Array(body.prefix(body.count - (plainEnd?.count ?? 0)))
                cv = cvar
            }
            var probe = ImportLowering(project: project, platform: platform, memory: memory)
            probe.extraClasses = Set(stubs.map(\.name)); probe.base = dir; probe.declared = declared
            probe.assumedSuperclass = assumed; probe.nibTokens = [entry.name: nibName]; probe.releasedWhenClosed = closable
            probe.callbacks = callbacks
            var targets: [(String, String)] = []
            if kind == .application {
                for o in doc.objects where (o.parent == nil || o.relationship == .topLevel) && !o.isPlaceholder {
                    if let cc = o.customClass, defines(cc), needed.contains(cc), let n = names[o.index] { targets.append((ScriptText.name(n), cc)) }
                }
            } else if defines(ownerClass), needed.contains(ownerClass) {
                targets.append((cv, ownerClass))
            }
            let baseAt = units[0].scenarios.count
            for (t, cls) in targets {
                guard let ic = project[cls] else { continue }
                let sels = entrySelectors(of: ic, lowering: probe).filter { !(entries[cls] ?? []).contains($0) }
                entries[cls, default: []] += sels
                for sel in sels {
                    // A method that loads this very nib is its loader: the run starts without
                    // the battery's load, and a load under a nil check (made to be sent again,
                    // as a second click would) is sent twice — unless Cocoa sends it once per
                    // object (`applicationDidFinishLaunching:`, `awakeFromNib`): no second click.
                    let lines = ic.helper(sel).map { probe.statements($0, in: ic).0 } ?? []
                    let loads = lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("load nib \(nibName) ") }
                    let guarded = loads && lines.contains { $0.hasPrefix("if ") } && !Self.isSentOnce(sel)
                    let start = loads ? pre.filter { !$0.hasPrefix("load nib \(nibName) ") } : pre
                    let title = Self.entryTitle(cls, sel) + (guarded ? " twice" : "")
                    stepMethod[title] = (cls, sel)
                    if guarded { reloadTitles.insert(title) }
                    let sent = start + Self.sendLines(t, sel) + (guarded ? Self.sendLines(t, sel) : [])
                    units[0].scenarios.append((title, sent))
                    stepTitles.insert(title)
                    // Then the owner's end: what the method made and `dealloc` never releases.
                    if let end = kind == .plain ? plainEnd.flatMap({ $0.isEmpty ? nil : $0 }) : keptShared ? nil : Self.ending(kind, owner: cv, arc: arc, taken: taken, closing: closing, life: units[0].scenarios.first?.1 ?? []) {
                        units[0].scenarios.append((title + ", then released", sent + end))
                        releasedTitles.insert(title + ", then released")
                    }
                    // A second click (or a second callback): a method that stores a new object
                    // into a member is sent twice, and only what the second store overwrote
                    // counts there (the rest is the single send's). A loader is not: its
                    // second load is the guarded one's case above.
                    if !loads, !overwrittenMembers(cls: cls, sel: sel).isEmpty {
                        let twice = Self.entryTitle(cls, sel) + " twice"
                        stepMethod[twice] = (cls, sel)
                        secondClicks[twice] = (cls, sel)
                        units[0].scenarios.append((twice, sent + Self.sendLines(t, sel)))
                        stepTitles.insert(twice)
                    }
                }
            }
            // The start alone, before the steps: what already dangles there is not their doing.
            if !stepTitles.isEmpty { units[0].scenarios.insert((Self.baseTitle, pre), at: baseAt) }
            stepScenarios = stepTitles
            if kind == .application {
                for i in Self.closableWindowIndices(doc) {
                    guard let w = names[i] else { continue }
                    let title = "main nib loaded, window \(w) closed by the user"
                    closedWindows[title] = i
                    // B7: the close first sends the window's delegate `windowWillClose:`.
                    units[0].scenarios.append((title, pre + ["event {", "    send \(ScriptText.name(w)) close",
                                                              "    \(arc ? "CFRelease" : "release") \(ScriptText.name(w))", "}", "drain"]))
                    stepTitles.insert(title)
                }
            }
            stepScenarios = stepTitles.union(releasedTitles)
        }
        for config in configs {
            let cname = "\(config.platform.rawValue) \(config.versionText) \(config.memory.rawValue)"
            // A run that over-releases a member (or messages it freed) stops there: the
            // scenarios that did run again without that member's releases, to judge the
            // others (one finding per member); only their over-releases and zombies count.
            var neutralized: Set<String> = []
            var rerun: Set<String>?
            for attempt in 0..<12 {
                var lowering = ImportLowering(project: project, platform: platform, memory: memory)
                lowering.extraClasses = Set(stubs.map(\.name))
                lowering.base = dir
                lowering.declared = declared
                lowering.assumedSuperclass = assumed
                lowering.neutralized = neutralized
                if doc.kind == .xib { lowering.nibTokens = [entry.name: nibName] }
                lowering.nibConnections = Self.connectionsByClass(doc, ownerClass: ownerClass, project: project)
                lowering.otherNib = Self.ownerOutlets(paths: context.nibPaths, dir: dir)
                lowering.entries = entries
                lowering.releasedWhenClosed = closable
                lowering.callbacks = callbacks
                var text = "platform \(platform == .ios ? "ios" : "mac") \(config.versionText)\nmemory \(memory.rawValue)\n\n"
                for (name, sup) in assumed.sorted(by: { $0.key < $1.key }) where !catalogue.contains(name) {
                    text += "# not in the sources: assumed\nclass \(ScriptText.name(name)) : \(ScriptText.name(sup)) {\n}\n"
                }
                for s in stubs { text += "# not found in the sources: loaded as its element's class\nclass \(ScriptText.name(s.name)) : \(ScriptText.name(s.superclass)) {\n}\n" }
                text += ownerDecl
                let ownsNib = doc.kind == .xib && (kind == .viewController || kind == .windowController || kind == .macViewController)
                for n in needed {
                    guard let c = project[n] else { continue }
                    text += lowering.render(c, nib: ownsNib && (n == ownerClass || extraOwners.contains(n)) ? nibName : nil) + "\n"
                }
                if ownsNib, !needed.contains(ownerClass), let stub = stubs.first(where: { $0.name == ownerClass }) {
                    let head = "class \(ScriptText.name(ownerClass)) : \(ScriptText.name(stub.superclass)) {\n"
                    text = text.replacingOccurrences(of: head, with: head + "    nib \(nibName)\n")
                }
                var ownerOf: [String: String] = [:]
                for u in units {
                    if !u.decl.isEmpty { text += u.decl + "\n\n" }
                    for (title, body) in u.scenarios {
                        ownerOf[title] = u.owner
                        text += "scenario \(ScriptText.string(title)) {\n" + body.map { "    " + $0 + "\n" }.joined() + "}\n\n"
                    }
                }
                for (k, v) in lowering.unknownMade.made { unknownMade[k] = v }
                for (k, v) in lowering.unknownMade.unkept { unkept[k] = v }
                for (k, v) in lowering.unknownMade.conditional { conditional[k, default: [:]].merge(v) { a, _ in a } }
                guard let program = compile(text, config: config, result: &result) else { return result }
                if attempt == 0 { result.configurations.append(cname) }
                var crashed: [(String, String)] = []
                for s in program.scenarios where rerun?.contains(s.title) ?? true {
                    let owner = ownerOf[s.title] ?? ownerClass
                    let before = findings.count
                    if s.title.hasSuffix(Self.lifeTitle) || s.title == Self.modalTitle || (stepTitles.contains(s.title) && kind == .viewController) {
                        exploreWarnings(program, s, budget: config.isIOS ? 1 : 0) { run, title in
                            if attempt == 0 { result.scenarios += 1 }
                            collect(run, doc: doc, names: names, ownerClass: owner, config: cname, scenario: title)
                        }
                    } else {
                        let run = ScenarioRun(program: program, scenario: s, config: config)
                        run.run()
                        if attempt == 0 { result.scenarios += 1 }
                        collect(run, doc: doc, names: names, ownerClass: owner, config: cname, scenario: s.title)
                    }
                    // A scenario of B1/B3 ends with the owner alive: only unreachable objects
                    // and pointers to freed ones are its findings.
                    if releasedTitles.contains(s.title) {
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
                        for f in findings[before...] where f.kind == .dangling { baseDangling.insert("\(f.className).\(f.member ?? "")") }
                        findings.removeSubrange(before...)
                    }
                    if stepTitles.contains(s.title) {
                        // A member the method hands to a call the reader did not understand
                        // (`[[w contentView] addSubview:overlayView]`) may be kept there: its
                        // dangling is not claimed.
                        let handed = stepMethod[s.title].map { handedOver(cls: $0.0, sel: $0.1) } ?? []
                        // The owner is alive: its top-level objects are not yet leaked, unless a
                        // second load replaced them (a guarded load sent twice).
                        let kept = findings[before...].filter { f in
                            (f.kind == .leak && (!f.rule.contains("N3") || reloadTitles.contains(s.title)))
                                || (f.kind == .dangling && !handed.contains(f.member ?? "") && !baseDangling.contains("\(f.className).\(f.member ?? "")")) }
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
        for k in findings.indices[firstFinding...] where findings[k].kind == .leak {
            guard let why = appLifetime[findings[k].className] else { continue }
            findings[k].confidence = "low"
            findings[k].confidenceReason = why
        }
        // B1's second click: a member's leak that the second send explains is one defect with
        // its leak where the method came once (nothing releases the last): one finding, at
        // the assignment, whose fix says both.
        var absorbed = IndexSet()
        for k in findings.indices[firstFinding...] where findings[k].kind == .leak && findings[k].message.contains(Self.secondSend) {
            for j in findings.indices[firstFinding...] where j != k && !absorbed.contains(j) && findings[j].kind == .leak
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
        for k in findings.indices[firstFinding...] where findings[k].kind == .dangling {
            guard let m = findings[k].member, let j = findings.indices[firstFinding...].first(where: {
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
        if doc.kind == .xib, let (guardMember, method, st) = wrongGuard(ownerClass: ownerClass, doc: doc) {
            for k in findings.indices[firstFinding...] where findings[k].kind == .leak && findings[k].rule.contains("N3") {
                let now = doc.connections.first { $0.source == doc.filesOwner && $0.kind == .outlet && doc.objects[$0.destination].parent == nil }
                findings[k].fix = "`\(st.text)` in `\(method)` (\(st.place.fileName):\(st.place.line)) loads \((rel as NSString).lastPathComponent) again whenever `\(guardMember)` is nil, and the nib never connects `\(guardMember)`"
                    + (now.map { " (it connects `\($0.name)`)" } ?? "") + ": connect `\(guardMember)` in the nib, so it is loaded once; then release its top-level objects when done with them" + Self.noEditForWrongGuard
                findings[k].message += "; loaded again at every `\(method)`"
            }
        }
        // L7: the code took the top-level objects at +1 and gives none back: it owes the releases.
        if let t = unbalanced {
            for k in findings.indices[firstFinding...] where findings[k].kind == .leak && findings[k].rule.contains("N3") {
                findings[k].fix = Self.topLevelFix(t)
                findings[k].message = "\(findings[k].objectDescription) is a top-level object of the nib: `\(t.call)` (\(t.place)) hands it to the code at +1"
                    + (t.array.map { " in `\($0)`" } ?? "") + ", and nothing gives that +1 back"
                findings[k].rule = "L7 N3 O9"
            }
        }
        Self.markReadingLimits(&findings, from: firstFinding, naming: naming, conditional: conditional)
        return result
    }

    /// Compiles the script; a line the checker refuses (a reading limit: a statement about
    /// something the script cannot name) is left out and the compile tried again, so one
    /// line never drops the nib; the nib's notes say which lines were left out.
    mutating func compile(_ text: String, config: Configuration, result: inout Audit.NibResult) -> Program? {
        var lines = text.components(separatedBy: "\n")
        var left: [String] = []
        if ProcessInfo.processInfo.environment["NIBSCRIPT_AUDIT_DEBUG_SCRIPT"] != nil { FileHandle.standardError.write(Data(text.utf8)) }
        for _ in 0..<40 {
            let file = SourceFile(path: "audit of \(rel).nibscript", bytes: Array(lines.joined(separator: "\n").utf8))
            let (program, diagnostics) = Compiler.compile(file, override: config)
            if let program {
                if !left.isEmpty {
                    let note = "\(left.count) line\(left.count == 1 ? "" : "s") of the classes read from the sources left out (a reading limit): "
                        + left.prefix(3).joined(separator: "; ") + (left.count > 3 ? "; …" : "")
                    if !result.notes.contains(note) { result.notes.append(note) }
                }
                return program
            }
            let errs = diagnostics.filter { $0.severity == .error }
            // Only statement and member lines can go: a class or nib line is a real failure.
            let bad = Set(errs.compactMap { d -> Int? in
                let n = file.location(of: d.range.start).line - 1
                guard n >= 0, n < lines.count else { return nil }
                let l = lines[n].trimmingCharacters(in: .whitespaces)
                if l.hasPrefix("class ") || l.hasPrefix("nib ") || l.hasPrefix("scenario ") || l == "}" || l.hasSuffix("{") || l.contains("{    #") { return nil }
                return n
            })
            if bad.isEmpty || bad.count < Set(errs.map { file.location(of: $0.range.start).line }).count {
                result.problem = "the classes read from the sources do not compile (a reading limit: please report it)"
                errors.append(DiagnosticFormatter.format(errs, in: file))
                result.isError = true
                return nil
            }
            for n in bad.sorted(by: >) {
                left.append(lines[n].trimmingCharacters(in: .whitespaces).components(separatedBy: "    #").first ?? "")
                lines[n] = "# left out: " + lines[n].trimmingCharacters(in: .whitespaces)
            }
        }
        result.problem = "the classes read from the sources do not compile (a reading limit: please report it)"
        result.isError = true
        return nil
    }
}
