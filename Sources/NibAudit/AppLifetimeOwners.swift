import Foundation
import SourceImport

// L18, an owner kept by an object that lives as long as the application. L10 keeps a
// `+shared…` class's object for the application's life; a main nib's objects live as long
// (their `dealloc` never runs). An object such an app-lifetime object makes once into a member
// and never lets go of lives as long: an application delegate's `prefsWindowController =
// [[PrefsController alloc] init]` in `-applicationDidFinishLaunching:`, or a getter's
// `if (!bookmarks) bookmarks = [[Bookmarks alloc] init];` of a shared instance, and, in turn,
// what that object makes once. Its `dealloc` never runs, so what it loads and keeps is no leak,
// as with L10. Only when every object of the class is made so: a class also made per use
// (`[[Getter alloc] init]` per download, released) keeps its findings.
struct AppLifetimeOwners {
    /// Methods an app-lifetime object runs once: a store in them is made once.
    static let onceMethods: Set<String> = ["init", "awakeFromNib", "applicationDidFinishLaunching:", "applicationWillFinishLaunching:",
                                           "application:didFinishLaunchingWithOptions:", "windowDidLoad", "loadView"]

    /// Each class found kept for the application's life, with why (for the report).
    /// `roots`: the app-lifetime classes known from elsewhere (a main nib's objects, shared
    /// instances, application delegates), with what they are. `code`: each implementation
    /// file's code text (comments, strings, `#if 0` blanked: `NibLoaders.codeText`).
    static func find(project: ImportedProject, code: [(file: String, text: String)], roots: [String: String]) -> [String: String] {
        let classes = Dictionary(project.classes.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        // How many times the code makes each class (`[C alloc]`, `[C new]`): every one must be
        // an app-lifetime object's kept member for the class to be kept.
        var made: [String: Int] = [:]
        let alloc = try! NSRegularExpression(pattern: #"\[\s*([A-Za-z_][A-Za-z0-9_]*)\s+(?:alloc|allocWithZone:[^\]]*|new)\s*\]"#)
        for (_, text) in code {
            let ns = text as NSString
            for m in alloc.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                let c = ns.substring(with: m.range(at: 1))
                if classes[c] != nil { made[c, default: 0] += 1 }
            }
        }
        // Swift makes an object as `C()`: such a class is made where this does not look.
        for (file, text) in code where file.hasSuffix(".swift") {
            for c in classes.keys where text.contains(c + "(") { made[c, default: 0] += 1000 }
        }
        // A main nib's class that the code also makes may have objects that go: not a root.
        let roots = roots.filter { !$0.value.hasPrefix("an object of the main nib") || made[$0.key] == nil }
        var kept: [String: String] = [:]
        var creators = roots
        var queue = roots.keys.sorted()
        var stores: [String: [String]] = [:]  // class made → the places of its kept stores
        while let a = queue.first {
            queue.removeFirst()
            // The class and its categories (`AppController (Importing)`): one object's methods.
            let parts = project.classes.filter { $0.name == a } + project.categories.filter { $0.name == a }
            guard !parts.isEmpty else { continue }
            let methods = parts.flatMap { $0.methods + $0.helpers }
            let members = parts.flatMap(\.members)
            func key(_ n: String) -> String { n.hasPrefix("_") ? String(n.dropFirst()) : n }
            for m in methods where m.selector != "dealloc" {
                for s in m.statements {
                    guard case let .setNew(x, className: c, autoreleased: auto, viaSetter: setter) = s.kind, !c.isEmpty, c != a, roots[c] == nil,
                          classes[c] != nil, !auto || setter, members.contains(where: { key($0.name) == key(x) || key($0.ivarName) == key(x) }) else { continue }
                    let names: Set<String> = [x, key(x), "_" + key(x)]
                    // Made once: in a method the object runs once, or under `if (!x)`.
                    let guarded = s.path.contains { b in
                        let flipped = ImportedBranch(kind: b.kind == .ifTrue ? .ifFalse : .ifTrue, condition: b.condition, place: b.place)
                        return [.ifTrue, .ifFalse, .notReturned].contains(b.kind) && flipped.isNilCheck(of: names)
                    }
                    let once = guarded || (onceMethods.contains(m.selector) || m.selector.hasPrefix("init")) && !s.path.contains { $0.kind == .loop }
                    // Never let go of outside `dealloc` (a release, an autorelease, a nil or
                    // another object stored: then it is made and dropped, per use).
                    let dropped = methods.contains { other in
                        other.selector != "dealloc" && other.statements.contains { t in
                            switch t.kind {
                            case .release(let y), .autorelease(let y), .setNil(let y, _): return names.contains(y)
                            case .setNew(let y, _, _, _): return names.contains(y) && !(other.selector == m.selector && t.place == s.place)
                            default: return false
                            }
                        }
                    }
                    guard once, !dropped else { continue }
                    let file = (s.place.file as NSString).lastPathComponent
                    stores[c, default: []].append("`-\(m.selector)` of \(a) (\(file):\(s.place.line)) stores it in `\(x)`")
                    if kept[c] == nil, let n = made[c], stores[c]!.count >= n {
                        kept[c] = "made once by \(a) (\(creators[a] ?? "kept for the application's life")): " + stores[c]!.joined(separator: "; ")
                            + ", never released but in \(a)'s `dealloc`, which never runs"
                        creators[c] = "itself kept for the application's life, L18"
                        queue.append(c)
                    }
                }
            }
        }
        return kept
    }
}

extension Audit {
    /// L18's owners, from the first pass's main-nib classes (`mainNibClasses`: class → nib);
    /// `code`: each implementation file's code text (`NibLoaders.codeTexts`).
    static func appLifetimeOwners(project: ImportedProject, sharedClasses: Set<String>, mainNibClasses: [String: String],
                                  code: [(file: String, text: String)]) -> [String: String] {
        var roots: [String: String] = [:]
        for c in project.classes where c.protocols.contains("NSApplicationDelegate") || c.protocols.contains("UIApplicationDelegate") {
            roots[c.name] = "the application's delegate"
        }
        // (A singleton under another name, its one object kept in a `static`, is among the
        // shared classes: L10 reads what its class method does, NibLazySingletons.swift.)
        for c in sharedClasses { roots[c] = "a shared instance, L10" }
        for (c, nib) in mainNibClasses { roots[c] = "an object of the main nib \((nib as NSString).lastPathComponent)" }
        return AppLifetimeOwners.find(project: project, code: code, roots: roots)
    }
}
