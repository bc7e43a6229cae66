import OwnershipEngine

/// What UIKit's view controllers keep beside their view, for the keys a nib connects on them
/// (the catalogue's `navigationItem`, `tabBarItem`, `searchDisplayController`, and
/// UITableViewController's `tableView`; `Catalogue.swift`).
extension CocoaWorld {
    /// The controller's own items: a navigation controller shows a controller's navigation
    /// item and a tab bar controller its tab bar item whether or not its view is loaded, so
    /// an object kept there while the view is unloaded is in use, not abandoned (V7).
    static let keptBesideTheView: Set<String> = ["navigationItem", "tabBarItem", "searchDisplayController"]

    /// Whether `r` is one of the UIKit slots of `keptBesideTheView` on a view controller.
    func isKeptBesideTheView(_ r: SlotRef) -> Bool {
        let cls = runtimeClass(of: r.holder)
        guard cls.isUIViewController else { return false }
        for k in cls.ancestors where k.isBuiltin {
            for p in k.properties where Self.keptBesideTheView.contains(p.name) && Int32(p.slot) == r.slot { return true }
        }
        return false
    }

    /// UITableViewController's table view is its view (`-[UITableViewController setView:]`
    /// sets both): when the view unloads, the framework's `tableView` lets go of it too.
    /// Without this, a table a nib connected to both keys stayed alive after a memory
    /// warning, "abandoned" by the framework itself.
    func unloadTableView(of c: ObjectID) {
        for k in runtimeClass(of: c).ancestors where k.isBuiltin && k.name == "UITableViewController" {
            guard let p = k.properties.first(where: { $0.name == "tableView" }) else { return }
            let r = SlotRef(c, p.slot)
            if engine.read(r) != nil { _ = engine.store(r, nil, rule: .retain, cause: CauseNote.viewUnloads.cause) }
            return
        }
    }
}
