import Foundation

// UIKit's default nib lookup (rule L11, grammar.md "Who loads each nib"): a UIViewController
// whose nib name is nil (made with `init`, `new`, `initWithNibName:nil bundle:nil`, or
// UITableViewController's `initWithStyle:`) looks, when its view is first asked for, for a
// nib named after its class: without the word "Controller" first (`ProfileViewController` →
// `ProfileView`), then the class name itself (UIViewController's `nibName` documentation).
// Such a nib has no load by name in the code: the "loaded by" line says how it is loaded.
extension NibLoaders {
    static let unnamedPattern = try! NSRegularExpression(pattern:
        #"\[\s*\[\s*([A-Za-z_][A-Za-z0-9_]*)\s+alloc\s*\]\s*(initWithNibName:\s*nil\b|initWithStyle:|init)\s*[\]A-Za-z_ ]|\[\s*([A-Za-z_][A-Za-z0-9_]*)\s+new\s*\]|\[\s*super\s+(initWithNibName:\s*nil\b)"#)

    static func unnamedCreations(_ ns: NSString, rel: String, enclosing: (Int) -> String?, line: (Int) -> Int) -> [Load] {
        unnamedPattern.matches(in: ns as String, range: NSRange(location: 0, length: ns.length)).compactMap { m in
            let at = m.range.location
            var cls: String?
            var call = "init"
            if m.range(at: 1).location != NSNotFound {
                cls = ns.substring(with: m.range(at: 1))
                call = ns.substring(with: m.range(at: 2)).replacingOccurrences(of: " ", with: "")
                // `[[C alloc] init]` only: `initWithFrame:` and the like are no controller's.
                if call == "init", ns.substring(with: NSRange(location: m.range.location + m.range.length - 1, length: 1)) != "]" { return nil }
                if cls == "self" { cls = enclosing(at) }
            } else if m.range(at: 3).location != NSNotFound {
                cls = ns.substring(with: m.range(at: 3)); call = "new"
                if cls == "self" { cls = enclosing(at) }
            } else {
                cls = enclosing(at); call = "[super initWithNibName:nil …]"
            }
            guard let c = cls else { return nil }
            return Load(call: call, name: "", createdClass: c, inClass: enclosing(at), file: rel, line: line(at))
        }
    }

    /// The places that make `cls` with no nib name.
    func unnamedCreations(of cls: String) -> [Load] { unnamed.filter { $0.createdClass == cls } }
}

extension NibAuditor {
    /// The "loaded by" line of a view controller's nib that UIKit's default lookup finds for
    /// its File's Owner class: the nib is named after the class (with or without
    /// "Controller"), and no code loads it by name.
    func defaultNibLoader(ownerClass: String, loads: [NibLoaders.Load]) -> String? {
        guard loads.isEmpty else { return nil }
        let bare = ownerClass.hasSuffix("Controller") ? String(ownerClass.dropLast("Controller".count)) : nil
        guard entry.name == ownerClass || entry.name == bare else { return nil }
        let how = entry.name == ownerClass ? "its class name" : "its class name without \"Controller\""
        let made = context.loaders.unnamedCreations(of: ownerClass)
        let places = made.isEmpty ? "; no creation of \(ownerClass) found in the sources (a nib or a storyboard may make it)"
            : ": " + made.map { "\($0.file):\($0.line) `\($0.call)`" }.joined(separator: ", ")
        // A Swift class's runtime name carries its module (`App.ProfileViewController`):
        // UIKit strips it only from iOS 9 on.
        let swift = project[ownerClass]?.language == .swift ? "; for a Swift class from iOS 9 only: before, its name carries its module and the lookup finds nothing" : ""
        return "UIKit's default nib lookup: a \(ownerClass) made with no nib name loads \"\(entry.name)\" (\(how)\(swift)) (L11)" + places
    }
}
