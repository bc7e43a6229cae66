import Foundation
import SourceImport

// Garbage collection (OS X 10.5–10.11). A target built with `GCC_ENABLE_OBJC_GC = required`
// runs only under the collector: `retain`, `release`, `autorelease` and `dealloc` do nothing,
// and an object lives while a strong reference reaches it from a root. Code written for it
// has no releases at all (Fraise: not one `release` in its 72 files), so reading it as MRC
// reports every object it makes as a leak, each wrong; and its real defects (a top-level
// object no outlet holds is collected, a `__weak` reference zeroed) are not the retain
// counts this audit simulates. `supported` (dual-mode) code must also be right under MRC,
// so it is audited as MRC as before. Apple: Garbage Collection Programming Guide.

extension ProjectSettings {
    /// Why the classes a nib needs run only under garbage collection: every file of theirs
    /// that the project builds is built by targets that require it. Nil otherwise (a file
    /// built without GC required anywhere, or no file the project names).
    func garbageCollected(_ classes: [ImportedClass], base: String) -> String? {
        var why: String?
        for c in classes {
            var files = Set(c.methods.map(\.place.file) + c.helpers.map(\.place.file) + [c.place.file]).filter { !$0.hasSuffix(".h") }.sorted()
            if files.isEmpty, c.place.file.hasSuffix(".h") {
                let stem = String(c.place.file.dropLast(2))
                files = [stem + ".m", stem + ".mm"]
            }
            for f in files {
                let rel = f.hasPrefix(base + "/") ? String(f.dropFirst(base.count + 1)) : f
                if notGarbageCollected.contains(rel) { return nil }
                if why == nil, let w = garbageCollected[rel] { why = "\((rel as NSString).lastPathComponent): \(w)" }
            }
        }
        return why
    }
}

extension NibAuditor {
    /// A nib whose classes are built only with garbage collection is listed, not audited
    /// (unless `--memory` asks for a model): see above.
    func garbageCollectedSkip(_ nib: NibRun) -> String? {
        guard options.memory == nil, !nib.involved.isEmpty,
              let why = context.settings.garbageCollected(nib.involved, base: dir) else { return nil }
        return "skipped: built with garbage collection only (\(why)): retain and release do nothing there and the collector frees what no strong reference reaches, which this audit does not simulate (--memory mrc audits it as MRC code) (L14)"
    }
}

// Files a project keeps but no target builds. With the project files read, a nib that no
// target copies as a resource, whose classes no target compiles, is not in any product:
// MacVim keeps PSMTabBarControl's Interface Builder palette and its demo application (their
// nibs and classes) beside the framework it builds, in no target; audited, they gave three
// findings about code that never runs. The classes judged are File's Owner's when the
// sources define it (its nib may hold views of the built framework), else all the nib's
// project classes. Both conditions are needed: a nib copied by a target
// of a project the folder does not hold, or loaded from a bundle built elsewhere, still has
// its classes compiled here, and code built here may load a nib it finds elsewhere.

extension ProjectSettings {
    /// Whether no target of the project files read builds the nib (`paths`: its path and its
    /// bundle's, relative to the folder) nor any file of `classes`; nil when it cannot tell
    /// (no project read, a project not read whole, no class file to judge by).
    func notBuilt(paths: [String], classes: [ImportedClass], base: String) -> String? {
        guard found, problems.isEmpty else { return nil }
        let resources = Set(targets.flatMap(\.resources))
        guard !paths.contains(where: resources.contains) else { return nil }
        var files: [String] = []
        for c in classes {
            files += Set(c.methods.map(\.place.file) + c.helpers.map(\.place.file) + [c.place.file]).filter { !$0.hasSuffix(".h") }
        }
        let rel = Set(files.map { $0.hasPrefix(base + "/") ? String($0.dropFirst(base.count + 1)) : $0 })
        guard !rel.isEmpty, rel.allSatisfy({ fileMemory[$0] == nil }) else { return nil }
        return "no target of the project files read copies it as a resource or compiles its classes (\(rel.sorted().prefix(2).map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")))"
    }
}

extension NibAuditor {
    /// A nib no target builds is listed, not audited: see above.
    func notBuiltSkip(_ nib: NibRun) -> String? {
        // The class that loads it decides when the sources define File's Owner's class: a nib
        // of a demo or a palette holds views of the framework the project builds
        // (PSMTabBarControl in its palette and its demo window), whose files are compiled.
        let projectClasses = project[nib.ownerClass].map { [$0] } ?? nib.involved.filter { project[$0.name] != nil }
        guard let why = context.settings.notBuilt(paths: [rel, entry.displayPath, entry.path], classes: projectClasses, base: dir) else { return nil }
        return "not built: " + why + " (L15)"
    }
}

// A framework kept built in the repository (Sparkle.framework, embedded in Adium, Transmission,
// Sequel Pro, Fraise): its nibs are loaded by its own compiled classes, whose sources are not
// here. Such a nib is neither stale nor unused — nothing in the project was left behind —
// and is listed as "prebuilt", naming the framework.
extension NibAuditor {
    /// `Sparkle.framework` when the nib lies inside a `*.framework` folder.
    var prebuiltFramework: String? {
        rel.split(separator: "/").first { $0.hasSuffix(".framework") }.map(String.init)
    }
}
