import FileBytes
import Foundation
import NibScriptSyntax
import SourceImport
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

/// Lowers classes read from Objective-C or Swift sources to nibscript `class` declarations:
/// the text `nibscript import` prints, and the classes `audit` checks with the same
/// checker and class table as a hand-written script.
package struct ImportLowering {
    package let project: ImportedProject
    package let platform: PlatformName
    package let memory: MemoryModelName
    /// Classes declared besides the project's (stubs for nib classes the sources lack).
    package var extraClasses: Set<String> = []
    /// Paths are printed relative to this folder.
    package var base: String = ""
    /// When set, the classes the script declares (besides the catalogue): a project class
    /// outside it (one only made in a method body, a category's class) is not a type the
    /// script can name, and a member of that type is an NSObject.
    package var declared: Set<String>?
    /// Superclasses neither the sources nor the catalogue define, and the class each is
    /// modelled as (the nib element's class, or NSObject): listed as assumed.
    package var assumedSuperclass: [String: String] = [:]
    /// Ivars whose `release`/`autorelease` statements are left out: an audit that found
    /// the member over-released runs again without it, to judge the other members.
    package var neutralized: Set<String> = []

    package init(project: ImportedProject, platform: PlatformName, memory: MemoryModelName) {
        self.project = project
        self.platform = platform
        self.memory = memory
    }

    /// Catalogue classes of the platform, for type checks.
    package var catalogue: Set<String> { Set(Catalogue.classes(for: platform).map(\.name)) }

    package func isKnown(_ name: String) -> Bool {
        if let d = declared { return d.contains(name) || extraClasses.contains(name) || catalogue.contains(name) }
        return project[name] != nil || extraClasses.contains(name) || catalogue.contains(name)
    }

    /// A type the script can write: the declared class, or NSObject when neither the sources
    /// nor the catalogue has it (the type only decides copying and `cleanup views`).
    package func type(_ t: String) -> String { isKnown(t) ? t : "NSObject" }

    /// The superclass the script can write, or nil when it is unknown.
    package func superclass(of c: ImportedClass) -> String? {
        guard let s = c.superclass else { return c.language == .swift ? "NSObject" : nil }
        return isKnown(s) ? s : assumedSuperclass[s]
    }

    package func place(_ p: SourcePlace) -> String {
        var f = p.file
        if !base.isEmpty, f.hasPrefix(base + "/") { f = String(f.dropFirst(base.count + 1)) }
        return "\(f):\(p.line)"
    }

    /// The members of `c` and its imported superclasses, for names in method bodies.
    package func member(_ name: String, in c: ImportedClass) -> ImportedMember? {
        var k: ImportedClass? = c
        var seen = Set<String>()
        while let cls = k, seen.insert(cls.name).inserted {
            if let m = cls.member(forIvarOrName: name) { return m }
            k = cls.superclass.flatMap { project[$0] }
        }
        return nil
    }

    /// One class as nibscript. `nib` names the nib its default loadView loads.
    package func render(_ c: ImportedClass, nib: String? = nil) -> String {
        var out = "# \(place(c.place)): \(c.language == .swift ? "class" : "@interface") \(c.name)"
        if c.superclass.map({ !isKnown($0) }) == true { out += " (superclass \(c.superclass!) not found: \(superclass(of: c) ?? "NSObject"))" }
        out += "\n"
        out += "class \(c.name) : \(superclass(of: c) ?? "NSObject") {\n"
        if let n = nib { out += "    nib \(n)\n" }
        for m in c.members where !(m.name == "view" && m.isOutlet) {
            out += "    " + memberLine(m) + "\n"
        }
        for m in c.methods { out += method(m, in: c) }
        out += "}\n"
        return out
    }

    package func memberLine(_ m: ImportedMember) -> String {
        let t = type(m.collectionElement != nil ? "NSArray" : m.type)
        var note = "# \(place(m.place))"
        if t != m.type, m.collectionElement == nil { note += " (\(m.type) not found: NSObject)" }
        if let e = m.collectionElement { note += " (collection of \(e))" }
        switch m.kind {
        case .property(let attr, let ivar):
            var a = attr
            if a == .weak && memory == .mrc { a = .assign; note += " (weak under MRC: assign)" }
            var s = "\(m.isOutlet ? "outlet" : "property") \(m.name) : \(t)"
            if let a { s += " \(a.rawValue)" }
            if ivar != m.name {
                if a == nil { s += " \(memory == .arc ? "strong" : "assign")" }
                s += " ivar \(ivar)"
            }
            return s + "    " + note
        case .ivar(let q):
            var s = "ivar \(m.name) : \(t)"
            if m.isOutlet { note += " (IBOutlet ivar)" }
            if memory == .arc {
                switch q {
                case .weak?: s += " weak"
                case .unsafeUnretained?: s += " unsafe_unretained"
                default: break
                }
            }
            return s + "    " + note
        }
    }

    /// A method's lowered body, or nothing when lowering it would change more than it says
    /// (a setter or a loadView whose body is not understood whole).
    package func method(_ m: ImportedMethod, in c: ImportedClass) -> String {
        let (lines, dropped) = statements(m, in: c)
        let skipped = m.skipped + dropped
        if ObjCScanner.isSetter(m.selector) && (skipped > 0 || lines.isEmpty) { return "" }
        if m.selector == "loadView" && !m.statements.contains(where: { $0.kind == .superCall }) { return "" }
        if m.selector == "dealloc" && memory == .arc && lines.isEmpty { return "" }
        var out = "    \(m.selector) {    # \(place(m.place))"
        if skipped > 0 { out += " (\(skipped) statement\(skipped == 1 ? "" : "s") skipped)" }
        out += "\n"
        for l in lines { out += "        \(l)\n" }
        out += "    }\n"
        return out
    }

    /// The statements of a body nibscript can run, each with its source line; and how many
    /// recognised statements had to be left out (about something that is not a member).
    package func statements(_ m: ImportedMethod, in c: ImportedClass) -> ([String], Int) {
        var out: [String] = []
        var dropped = 0
        let isInit = m.selector.hasPrefix("init")
        let isDealloc = m.selector == "dealloc"
        var afterSuper = false
        for s in m.statements {
            let at = "    # \(place(s.place)): \(s.text)"
            if afterSuper && isDealloc { dropped += 1; continue }
            switch s.kind {
            case .superCall:
                if isInit { continue }
                if isDealloc && memory == .arc { continue }
                out.append("super" + at)
                afterSuper = true
            case .release(let x), .retain(let x), .autorelease(let x):
                guard memory == .mrc, let mem = member(x, in: c) else { dropped += 1; continue }
                let verb: String
                switch s.kind { case .release: verb = "release"; case .retain: verb = "retain"; default: verb = "autorelease" }
                if verb != "retain" && neutralized.contains(mem.ivarName) { dropped += 1; continue }
                if isDealloc && verb == "retain" { dropped += 1; continue }
                out.append("\(verb) \(mem.ivarName)" + at)
            case .setNil(let x, let viaSetter):
                guard let mem = member(x, in: c) else { dropped += 1; continue }
                if viaSetter {
                    guard mem.isProperty else { dropped += 1; continue }
                    out.append("self.\(mem.name) = nil" + at)
                } else {
                    guard x == mem.ivarName else { dropped += 1; continue }
                    out.append("\(mem.ivarName) = nil" + at)
                }
            case .setNew(let x, var cls, let autoreleased, let viaSetter):
                // `x = [[self makeX] retain]` in a setter stores its argument: not a new object.
                if cls.isEmpty && ObjCScanner.isSetter(m.selector) { dropped += 1; continue }
                if cls.isEmpty, let mem = member(x, in: c) { cls = type(mem.type) }
                guard !isDealloc, let mem = member(x, in: c), isKnown(cls) else { dropped += 1; continue }
                let new = "new \(cls)" + (autoreleased ? " autoreleased" : "")
                if viaSetter {
                    guard mem.isProperty else { dropped += 1; continue }
                    out.append("self.\(mem.name) = \(new)" + at)
                } else {
                    guard x == mem.ivarName, memory == .mrc || !autoreleased else { dropped += 1; continue }
                    out.append("\(mem.ivarName) = \(new)" + at)
                }
            }
        }
        return (out, dropped)
    }
}


/// Reads source files into one project.
package enum SourceReading {
    package static let objcExtensions: Set<String> = ["h", "m", "mm"]

    package static func read(paths: [String]) -> (ImportedProject, [String]) {
        var project = ImportedProject()
        var errors: [String] = []
        for p in paths {
            // A regular file within FileBytes' limit (a FIFO named X.m would block for ever).
            let bytes: [UInt8]
            switch FileBytes.read(atPath: p) {
            case .success(let b): bytes = b
            case .failure(let reason): errors.append("error: cannot read '\(p)': \(reason)"); continue
            }
            let ext = (p as NSString).pathExtension.lowercased()
            if ext == "swift" { project.merge(SwiftScanner.scan(path: p, bytes: bytes)) }
            else if objcExtensions.contains(ext) { project.merge(ObjCScanner.scan(path: p, bytes: bytes)) }
            else { errors.append("error: '\(p)' is not an Objective-C (.h, .m, .mm) or Swift file"); continue }
            project.files.append(p)
        }
        project.finish()
        return (project, errors)
    }
}
