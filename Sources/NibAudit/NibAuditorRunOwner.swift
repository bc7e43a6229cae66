import Foundation
import InterfaceBuilder
import NibScriptSyntax
import OwnershipEngine
import SourceImport
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

// The phases of `NibAuditor.run()` that decide what is audited: who owns and loads the nib
// (L1–L6, L11), the classes its script declares, the memory model and the owner's kind.
extension NibAuditor {
    /// Phase: who loads the nib and with which owner (L1 main nib, L5 a renamed owner or a
    /// stale nib, L3 the class that loads it with owner:self, L4 unused). It is a phase of its
    /// own because the nibs it lists (stale, owner not known, unused) end the audit here.
    mutating func findOwner(_ nib: inout NibRun) -> Bool {
        // The launch screen (`UILaunchStoryboardName`): iOS draws it before the application
        // runs any code; nothing loads it with an owner and none of its objects lives on.
        if let origin = context.settings.launchScreens[entry.name], nib.platform == .ios, context.settings.mainNibs[entry.name] == nil {
            nib.result.problem = "launch screen: iOS shows it while the application launches (\(origin)); no code loads it, no object of it lives on"
            nib.result.listed = true
            return false
        }
        nib.catalogue = Set(Catalogue.classes(for: nib.platform).map(\.name))
        nib.ownerIndex = nib.doc.filesOwner
        nib.ownerObject = nib.ownerIndex.map { nib.doc.objects[$0] }
        nib.ownerClass = nib.ownerObject?.customClass ?? nib.ownerObject?.className ?? "NSObject"
        if nib.ownerClass == "IBFilesOwner" || nib.ownerClass.isEmpty { nib.ownerClass = "NSObject" }
        nib.loads = context.loaders.loads(of: entry.name)
        nib.result.loadedBy = nib.loads.map { $0.text + ($0.archived ? "" : $0.createdClass.map { " (a new \($0))" } ?? "") }
        // Who loads it (L1–L5): the Info.plist's main nib, a framework owner, the code.
        nib.mainByPlist = context.settings.mainNib(entry.name, paths: [rel, entry.displayPath, entry.path])
        let appPlaceholder = nib.doc.objects.first { $0.placeholderIdentifier == "IBApplication" }
        let appConnected = appPlaceholder.map { a in nib.doc.connections(from: a.index).contains { $0.kind == .outlet } } ?? false
        nib.isMain = nib.mainByPlist != nil
        if let m = nib.mainByPlist { nib.result.loadedBy.append("the application, as its main nib (\(m))") }
        else if context.settings.mainNibs.isEmpty, nib.platform == .mac, appConnected, ["NSObject", "NSApplication"].contains(nib.ownerClass), nib.loads.isEmpty {
            // No Info.plist read: a nib that connects the Application placeholder's outlets
            // (its delegate) and that no code loads is taken for a main nib, and says so.
            nib.isMain = true
            nib.result.loadedBy.append("the application, as its main nib (guessed: no Info.plist read, and the nib connects the Application's outlets)")
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
        let frameworkOwner = Self.applePrefixes.contains { nib.ownerClass.hasPrefix($0) && nib.ownerClass.dropFirst($0.count).first?.isUppercase == true }
        if nib.doc.kind == .xib, nib.ownerObject?.customClass != nil, !nib.catalogue.contains(nib.ownerClass), !defines(nib.ownerClass), !nib.isMain, !frameworkOwner {
            // The owner is whatever the loading call passes (L5): File's Owner's class is only
            // Interface Builder's hint. A load with an owner of a known class audits the nib
            // with that class (an outlet it lacks is an undefined key: a real crash).
            let owners = loaderOwners(nib.loads, catalogue: nib.catalogue)
            if let (real, l) = owners.first {
                nib.renamedOwner = nib.ownerClass
                nib.result.notes.append("File's Owner class \(nib.ownerClass) is in no source; \(real) loads the nib as its own (\(Self.place(l))): audited with that owner")
                for (other, ol) in owners.dropFirst() {
                    nib.result.notes.append("also loaded with a \(other) as owner (\(Self.place(ol)))")
                }
                nib.ownerClass = real
                let lacking = outletsLacking(nib.doc, owner: real)
                if !lacking.isEmpty {
                    nib.result.notes.append("\(real) has no \(lacking.map { "`\($0)`" }.joined(separator: ", ")), which the nib connects from File's Owner: "
                        + (nib.platform == .ios ? "setting it raises an undefined key (N7)" : "the Mac loader leaves \(lacking.count == 1 ? "it" : "them") nil (N6)"))
                }
            } else if nib.loads.isEmpty {
                nib.result.owner = nib.ownerClass
                nib.result.problem = prebuiltFramework.map { "prebuilt: a nib of \($0), a framework the folder holds built: its File's Owner class \(nib.ownerClass) is compiled into the framework's binary, in no source here (L5)" }
                    ?? "stale: its File's Owner class \(nib.ownerClass) is defined in no source and is no Cocoa class the catalogue knows, and nothing loads it (L5)"
                nib.result.listed = true
                return false
            } else {
                // Something loads it, with an owner whose class the text does not say
                // (`owner:controller`, a name built at run time): not stale, not auditable.
                nib.result.owner = nib.ownerClass
                nib.result.problem = "owner not known: its File's Owner class \(nib.ownerClass) is defined in no source, and the code that loads it (\(nib.result.loadedBy.joined(separator: ", "))) passes an owner whose class the audit cannot tell (L5)"
                nib.result.listed = true
                return false
            }
        }
        // An iOS compiled nib names no class for File's Owner (UIKit's runtime nib keeps only
        // the proxy): its owner is the class the code loads it with, as for a renamed owner (L5).
        // It is then the nib its XIB was: File's Owner of that class. Failing a load, a class
        // of the sources named as the nib is (UIKit's default nib lookup, L11); failing both,
        // the owner is not known, and the nib is listed rather than run with an NSObject owner
        // (every outlet an undefined key: a crash that is the audit's, not the app's).
        if entry.compiled, nib.doc.platform == .ios, let o = nib.ownerIndex, nib.doc.objects[o].customClass == nil, !nib.isMain {
            let real: String
            if let (c, l) = loaderOwners(nib.loads, catalogue: nib.catalogue).first {
                real = c
                nib.result.notes.append("a compiled iOS nib names no File's Owner class; \(c) loads it (\(Self.place(l))): audited with that owner")
            } else if defines(entry.name) {
                real = entry.name
                nib.result.notes.append("a compiled iOS nib names no File's Owner class; the class of its name, \(real), is taken for it (L11)")
            } else {
                nib.result.owner = nib.ownerClass
                nib.result.problem = "owner not known: a compiled iOS nib names no File's Owner class, and no code of the sources "
                    + "loads it with an owner whose class the audit can tell (L5)"
                nib.result.listed = true
                return false
            }
            nib.doc.objects[o].customClass = real
            nib.ownerObject = nib.doc.objects[o]
            nib.ownerClass = real
        }
        // A generic File's Owner (`NSObject`) the code replaces: `[NSBundle loadNibNamed:@"X"
        // owner:self]` in a class of the sources gives the nib that class as its owner (L3).
        // So does a class unrelated to the loading class (neither inherits from the other): the
        // nib's name for a class renamed since (Colloquy's `JVChatTranscript`, a model class now,
        // whose nib `JVChatTranscriptPanel` loads with owner:self) — when no load's class is related.
        // A subclass of the loading class stays (a load in `EventsController` runs in a `MyEventsController`).
        let selfLoads = nib.loads.filter { $0.owner == "self" && $0.createdClass == nil && $0.inClass.map(defines) == true }
        if nib.doc.kind == .xib, !nib.isMain, let l = selfLoads.first,
           nib.ownerClass == "NSObject" || !selfLoads.contains(where: { isKind($0.inClass!, of: nib.ownerClass, platform: nib.platform)
                                                                   || isKind(nib.ownerClass, of: $0.inClass!, platform: nib.platform) }) {
            nib.result.notes.append(nib.ownerClass == "NSObject"
                ? "File's Owner is NSObject in the nib; \(l.file):\(l.line) loads it with owner:self in \(l.inClass!): audited with that owner"
                : "File's Owner is \(nib.ownerClass) in the nib, but \(l.file):\(l.line) loads it with owner:self in \(l.inClass!), which is no \(nib.ownerClass): audited with that owner")
            // The nib still names its old class: the script declares it (`need`, below).
            if nib.ownerClass != "NSObject" { nib.formerOwner = nib.ownerClass }
            nib.ownerClass = l.inClass!
            nib.renamedOwner = nil
        }
        if nib.doc.kind == .xib, !nib.isMain, let n = classObjectOwnerNote(nib.loads) {
            nib.result.notes.append(n)
            if nib.ownerClass != "NSObject" { nib.formerOwner = nib.ownerClass }
            nib.ownerClass = "NSObject"
            nib.renamedOwner = nil
        }
        // A nib with a generic owner that no code names and no Info.plist names: unused (L4).
        let selfLoading: Set<String> = ["UIViewController", "NSWindowController", "NSViewController", "NSPreferencePane", "NSDocument",
                                        "UITableViewController", "UIApplication", "NSApplication"]
        let nameFromClass = context.loaders.buildsNamesFromClasses && defines(entry.name)
        // An application's nib of a main nib's name that only another target's Info.plist
        // names (MainNibTargets.swift) is not main, whatever its owner.
        let otherTargetsMain = context.settings.mainNibs[entry.name].flatMap { nib.mainByPlist == nil ? $0 : nil }
        if nib.doc.kind == .xib, !nib.isMain, !context.loaders.mentions(entry.name), !nameFromClass, nib.catalogue.contains(nib.ownerClass),
           !selfLoading.contains(nib.ownerClass) || otherTargetsMain != nil {
            nib.result.owner = nib.ownerClass
            nib.result.problem = prebuiltFramework.map { "prebuilt: a nib of \($0), a framework the folder holds built, which loads it itself (L4)" }
                ?? otherTargetsMain.map { "unused: File's Owner is \(nib.ownerClass), no source names it, and the Info.plist that names a main nib \"\(entry.name)\" (\($0)) is of a target that does not build this file (L4)" }
                ?? "unused: File's Owner is \(nib.ownerClass), no source names it and no Info.plist makes it a main nib (L4)"
            nib.result.listed = true
            return false
        }
        // L4: an owner of the sources whose compiled code loads no nib, and no name of it.
        if let why = noCompiledLoad(nib, nameFromClass: nameFromClass) {
            nib.result.owner = nib.ownerClass
            nib.result.problem = why
            nib.result.listed = true
            return false
        }
        return true
    }

    /// Phase: the classes the nib names and the project classes they need (their
    /// superclasses, other owners loading the same nib, member types), with stubs for the
    /// classes no source defines. Everything later declares these in the script.
    mutating func collectClasses(_ nib: inout NibRun) {
        // The classes the nib names, and the project classes they need.
        nib.stubs = []
        nib.needed = []
        nib.assumed = [:]
        func elementClass(_ o: IBObject) -> String {
            o.isPlaceholder ? "NSObject" : (nib.catalogue.contains(o.className) ? o.className : (nib.platform == .ios ? "UIView" : "NSView"))
        }
        func need(_ name: String, element: String) {
            var k: String? = name
            var chain: [String] = []
            while let n = k, defines(n), !nib.catalogue.contains(n), !chain.contains(n) {
                chain.append(n); k = project[n]!.superclass
            }
            // A superclass neither the sources nor the catalogue defines (a library's): modelled
            // as the nib element's class, NSObject at worst, and listed as assumed.
            if let top = k, !nib.catalogue.contains(top), !defines(top), nib.assumed[top] == nil, let first = chain.last, project[first]?.language != .swift {
                let modelled = nib.platform == .mac && Self.automatorActions.contains(top) ? "NSViewController" : element
                nib.assumed[top] = modelled
                missing.append(Audit.Missing(name: top, loadedAs: modelled + " (assumed: superclass of \(first))", places: ["\(rel)"]))
            }
            for n in chain.reversed() where !nib.needed.contains(n) { nib.needed.append(n) }
        }
        for o in nib.doc.objects {
            // File's Owner is the class the audit chose for it: its own customClass, or the class
            // that loads the nib with owner:self when the nib leaves it NSObject (L5; Apple's
            // table-cell recipe, `loadNibNamed:CellIdentifier owner:self options:nil`). That class
            // was declared only when another object of the nib named it, and the battery's `new`
            // of it was otherwise refused: the nib ran with no owner at all.
            let ownerNamed = o.customClass != nil || nib.ownerClass != "NSObject"
            guard let custom = o.index == nib.ownerIndex && ownerNamed ? nib.ownerClass : o.customClass, !nib.catalogue.contains(custom) else { continue }
            if defines(custom) { need(custom, element: elementClass(o)); continue }
            if nib.stubs.contains(where: { $0.name == custom }) {
                if let k = missing.firstIndex(where: { $0.name == custom }) { missing[k].places.append("\(rel):\(o.location.line)") }
                continue
            }
            var sup = elementClass(o)
            if o.index == nib.ownerIndex {
                let outs = nib.doc.connections(from: o.index).map(\.name)
                if nib.platform == .mac && Self.automatorActions.contains(custom) { sup = "NSViewController" }
                else if nib.platform == .ios && outs.contains("view") { sup = "UIViewController" }
                else if nib.platform == .mac && outs.contains("window") { sup = "NSWindowController" }
                else if nib.platform == .mac && outs.contains("view") { sup = "NSViewController" }
                else { sup = "NSObject" }
            }
            nib.stubs.append(Stub(name: custom, superclass: sup))
            missing.append(Audit.Missing(name: custom, loadedAs: sup, places: ["\(rel):\(o.location.line)"]))
        }
        // The nib's own name for the renamed owner class: a subclass of NSObject the script can name.
        if let r = nib.renamedOwner { nib.stubs.append(Stub(name: r, superclass: "NSObject")) }
        if let f = nib.formerOwner, defines(f) { need(f, element: "NSObject") }
        // Several loaders, several batteries: other classes of the sources that load this nib
        // as their own (`[[Other alloc] initWithNibName:@"X" …]`, or `[super initWithNibName:
        // @"X" …]` in Other's `@implementation`) run the same battery as owners (at most 4).
        nib.extraOwners = []
        if nib.doc.kind == .xib, !nib.isMain {
            let mine = ownerKind(nib.ownerClass, platform: nib.platform, stubs: nib.stubs, doc: nib.doc, assumed: nib.assumed)
            if [.viewController, .windowController, .macViewController].contains(mine) {
                for l in nib.loads where ["initWithNibName:", "initWithWindowNibName:"].contains(l.call) {
                    guard let c = l.createdClass ?? l.inClass, defines(c), c != nib.ownerClass, !nib.extraOwners.contains(c), nib.extraOwners.count < 4,
                          ownerKind(c, platform: nib.platform, stubs: nib.stubs, doc: nib.doc, assumed: nib.assumed) == mine else { continue }
                    nib.extraOwners.append(c)
                    need(c, element: "NSObject")
                    nib.result.notes.append("also loaded as the nib of \(c) (\(l.file):\(l.line)): audited with that owner too")
                }
            }
            // L19: a plain owner's nib that another class, unrelated to it, loads with
            // `owner:self` as well and that has every outlet the nib connects from File's
            // Owner (Seashore's `CocoaImporter` loads `CocoaContent`'s panel nib): the nib's
            // outlets are set by name on whichever object loads it, so that class is an owner
            // too, with its own top-level +1s to give back.
            if mine == .plain {
                for (c, l) in plainCoOwners(nib) {
                    nib.extraOwners.append(c)
                    need(c, element: "NSObject")
                    nib.result.notes.append("also loaded with owner:self by \(c) (\(l.file):\(l.line)), which has the outlets File's Owner connects: audited with that owner too (L19)")
                }
            }
        }
        func reachesCatalogue(_ name: String) -> Bool {
            var k: String? = name
            var seen = Set<String>()
            while let n = k, seen.insert(n).inserted {
                if nib.catalogue.contains(n) { return true }
                k = project[n]?.superclass
            }
            return false
        }
        // Member types that are project classes come along (as declarations of their own).
        var k = 0
        while k < nib.needed.count {
            for m in project[nib.needed[k]]?.members ?? [] {
                for t in [m.type, m.collectionElement].compactMap({ $0 }) where defines(t) && !nib.catalogue.contains(t) { need(t, element: "NSObject") }
            }
            // So do the project classes its methods make into a member of another declared
            // type (`slot = v` with `VolumeView *v = [[VolumeView alloc] init…]` into a UIView
            // outlet, R12): without their declaration the store was left out.
            for method in (project[nib.needed[k]]?.methods ?? []) + (project[nib.needed[k]]?.helpers ?? []) {
                for st in method.statements {
                    // Only a class whose superclasses reach the catalogue: one on top of a
                    // framework class the catalogue lacks would be declared on a guess.
                    if case .setNew(_, let t, _, _) = st.kind, defines(t), !nib.catalogue.contains(t), reachesCatalogue(t) { need(t, element: "NSObject") }
                }
            }
            k += 1
        }
    }

    /// Phase: the memory model (the options, the project's settings, Swift), the owner's kind
    /// (main nib, controller, document, plain) and the script's names for owner and nib. It
    /// needs the classes (their files decide the model) and decides every battery's shape.
    mutating func chooseModel(_ nib: inout NibRun) {
        nib.involved = nib.needed.compactMap { project[$0] }
        if let m = options.memory { nib.memory = m }
        else if let (m, why) = context.settings.memory(of: nib.involved, base: dir) { nib.memory = m; nib.result.notes.append("\(m.rawValue.uppercased()): \(why)") }
        else { nib.memory = ProjectFacts.memory(of: nib.involved.isEmpty ? project.classes : nib.involved) }
        // A nib owned by Swift (its File's Owner, or every scene controller of a storyboard,
        // is a Swift class) runs under ARC whatever `--memory` or the project says: Swift has
        // no MRC, and its `weak` outlets stay weak (under MRC they would be read as assign).
        let sceneClasses = nib.doc.scenes.compactMap { $0.controller.flatMap { nib.doc.objects[$0].customClass } }.filter(defines)
        let swiftOwned = nib.doc.kind == .xib ? project[nib.ownerClass]?.language == .swift
            : !sceneClasses.isEmpty && sceneClasses.allSatisfy { project[$0]?.language == .swift }
        if swiftOwned && nib.memory != .arc {
            nib.result.notes.append("Swift has no MRC: audited under ARC" + (options.memory == .mrc ? " (--memory mrc applies to Objective-C)" : ""))
            nib.memory = .arc
        }
        nib.kind = nib.isMain ? .application : ownerKind(nib.ownerClass, platform: nib.platform, stubs: nib.stubs, doc: nib.doc, assumed: nib.assumed)
        // L11: no load by name, and the nib is named after its view controller class.
        if nib.kind == .viewController, nib.doc.kind == .xib, let l = defaultNibLoader(ownerClass: nib.ownerClass, loads: nib.loads) { nib.result.loadedBy.append(l) }
        if nib.kind == .application, nib.doc.kind == .xib {
            // The nib as the project names it (`MainMenu.nib`, not its bundle's `designable.nib` or `keyedobjects.nib`).
            for o in nib.doc.objects where !o.isPlaceholder { if let cc = o.customClass, defines(cc) { mainNibClasses[cc] = entry.displayPath } }
        }
        // L6: an NSDocument subclass names its window nib (`-windowNibName`, or
        // `initWithWindowNibName:… owner:self`): NSDocument makes an NSWindowController that
        // loads it with the document as owner and releases its top-level objects when it goes.
        if nib.kind == .plain, nib.doc.kind == .xib, isDocument(nib.ownerClass),
           nib.loads.contains(where: { $0.call == "-windowNibName" || ($0.call == "initWithWindowNibName:" && ($0.owner == "self" || $0.inClass == nib.ownerClass)) }) {
            nib.kind = .document
        }
        // A catalogue controller as File's Owner (`[[NSWindowController alloc]
        // initWithWindowNibName:@"X"]`, L3): a subclass of the script carries the nib's name,
        // as the initializer does.
        nib.scriptOwner = nib.ownerClass
        nib.ownerDecl = ""
        // Not a pane: its battery loads the nib itself (L2), and only a view or window
        // controller may carry a nib in the script (a plain NSPreferencePane owner did not compile).
        if nib.catalogue.contains(nib.ownerClass), [.viewController, .windowController, .macViewController].contains(nib.kind) {
            nib.scriptOwner = Self.identifier(nib.ownerClass + "_" + entry.name)
            nib.ownerDecl = ScriptText.comment("# \(nib.ownerClass) made with the nib's name (L3)")
                + "\nclass \(ScriptText.name(nib.scriptOwner)) : \(ScriptText.name(nib.ownerClass)) {\n    nib \(ScriptText.name(Self.identifier(entry.name)))\n}\n"
        }
        if nib.kind == .plain && nib.loads.isEmpty && !context.loaders.mentions(entry.name) && nib.ownerObject?.customClass != nil {
            nib.result.notes.append("no load of it found in the sources: audited as loaded by its owner")
        }
        // A token of the script: the nib's name made an identifier, quoted if it must be.
        nib.nibName = ScriptText.name(Self.identifier(entry.name))
        nib.nibPath = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        nib.units = []
        nib.arc = nib.memory == .arc
        nib.taken = Set(nib.doc.scriptNames.compactMap { $0 })
        nib.cvar = "c"
        while nib.taken.contains(nib.cvar) { nib.cvar += "_" }
        nib.keptShared = false
        nib.naming = [:]
        nib.conditional = [:]
        // Controllers the application keeps for its life (the main storyboard's initial one).
        nib.appLifetime = [:]
        nib.hooks = []
    }
}
