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
        return "skipped: built with garbage collection only (\(why)): retain and release do nothing there and the collector frees what no strong reference reaches, which this audit does not simulate (--memory mrc audits it as MRC code)"
    }
}
