import Foundation

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
            // A legacy archive keeps the custom class in a table of its own: the load says
            // only that a view controller of the nib names it.
            for m in legacyNibName.matches(in: text, range: range) {
                var l = Load(call: "IBUINibName ", name: ns.substring(with: m.range(at: 1)), createdClass: nil, inClass: nil,
                             file: rel, line: lines.line(m.range.location))
                l.archived = true
                out.append(l)
            }
        }
        return out
    }
}
