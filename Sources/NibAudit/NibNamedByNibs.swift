import Foundation
import InterfaceBuilder

// A nib that another nib names. A view controller archived in a nib (a main window's tab
// bar controller's children, a split view's detail) may carry the name of the nib its view
// comes from: Interface Builder's "NIB Name" (`nibName="TimelineView"` in a modern XIB,
// `<string key="IBUINibName">TimelineView</string>` in a legacy one). UIKit's `loadView`
// loads that nib when the view is first asked for, with that controller as File's Owner
// (UIViewController's `nibName`). So the naming nib is the loader: TwitterFon's
// `MainWindow.xib` loads `TimelineView`, `DirectMessage`, `FavoritesView` and `SearchView`
// so, WordPress's iPad main window its detail controller's nib. Without it such a nib had
// no `loaded by:` line, and one whose File's Owner is generic would have been listed unused.
extension NibLoaders {
    static let modernNibName = try! NSRegularExpression(pattern:
        #"<(viewController|tableViewController|collectionViewController|navigationController|tabBarController|splitViewController|pageViewController)\b([^>]*?)\bnibName="([^"]+)"([^>]*)>"#)
    static let customClassAttribute = try! NSRegularExpression(pattern: #"\bcustomClass="([A-Za-z_][A-Za-z0-9_.]*)""#)
    static let legacyNibName = try! NSRegularExpression(pattern: #"<string key="IBUINibName">([^<]+)</string>"#)

    /// The loads of nibs named by the view controllers of `nibs` (paths relative to `dir`;
    /// XIBs and storyboards only: a compiled nib has no such text).
    static func namedByNibs(dir: String, nibs: [String]) -> [Load] {
        var out: [Load] = []
        for rel in nibs where rel.hasSuffix(".xib") || rel.hasSuffix(".storyboard") {
            guard let data = FileManager.default.contents(atPath: dir + "/" + rel),
                  let text = String(data: data, encoding: .utf8) else { continue }
            guard text.contains("nibName=\"") || text.contains("IBUINibName") else { continue }
            let ns = text as NSString
            let lines = LineIndex(ns)
            let range = NSRange(location: 0, length: ns.length)
            for m in modernNibName.matches(in: text, range: range) {
                let attrs = ns.substring(with: m.range(at: 2)) + " " + ns.substring(with: m.range(at: 4))
                let a = attrs as NSString
                let custom = customClassAttribute.firstMatch(in: attrs, range: NSRange(location: 0, length: a.length)).map { a.substring(with: $0.range(at: 1)) }
                var l = Load(call: "nibName=", name: ns.substring(with: m.range(at: 3)), createdClass: custom, inClass: nil,
                             file: rel, line: lines.line(m.range.location))
                l.archived = true
                out.append(l)
            }
            // A legacy archive keeps the custom class in a table of its own (its
            // `flattenedProperties`, `91.CustomClassName`): the archive reader resolves it, so
            // the load names the controller's class — the owner UIKit gives the named nib,
            // whatever that nib's File's Owner says (a renamed class, L5).
            let legacy = legacyNibName.matches(in: text, range: range)
            let holders = legacy.isEmpty ? [] : legacyNibNameHolders(path: dir + "/" + rel, displayPath: rel)
            for m in legacy {
                let name = ns.substring(with: m.range(at: 1))
                let line = lines.line(m.range.location)
                // The element that holds the `IBUINibName` string: the last one before it that names it.
                let holder = holders.last { $0.name == name && $0.line <= line }
                var l = Load(call: "IBUINibName ", name: name, createdClass: holder?.cls, inClass: nil, file: rel, line: line)
                l.archived = true
                out.append(l)
            }
        }
        return out
    }
}

extension NibLoaders {
    /// The objects of a legacy archive that carry a nib name: the name, the line of the
    /// object's element, and its custom class (nil when it has none or the file is not read).
    static func legacyNibNameHolders(path: String, displayPath: String) -> [(name: String, line: Int, cls: String?)] {
        guard case .success(let doc) = IBReader.read(path: path, displayPath: displayPath) else { return [] }
        return doc.objects.compactMap { o in
            guard let n = o.attributes.first(where: { $0.0 == "nibName" })?.1 else { return nil }
            return (n, o.location.line, o.customClass)
        }.sorted { $0.line < $1.line }
    }
}
