import Foundation
import SourceImport

// Who the owner of a nib really is (rule L5, grammar.md "Who loads each nib"). File's
// Owner's class in a nib is only Interface Builder's design-time hint: at run time the owner
// is whatever object the loading call passes. When the nib names a class no source defines
// (a class renamed since, `DCGaimMSNJoinChatViewController` become
// `DCPurpleMSNJoinChatViewController`), the code that loads it says which class the owner is.
extension NibAuditor {
    /// The classes the code loads the nib with as File's Owner, each with its load, in the
    /// order of the loads: a load whose owner is `self` in a class of the sources, or an
    /// object it makes of such a class —
    /// - `[[C alloc] initWithNibName:@"X" …]` / `initWithWindowNibName:` (C, or the class the
    ///   call is in for `[[self alloc] …]` in one of its class methods, or for
    ///   `[super initWith…NibName:@"X" …]` in its own initializer);
    /// - `initWithWindowNibName:@"X" owner:self`, `loadNibNamed:@"X" owner:self`,
    ///   `loadNibFile:… owner:self`: the class the call is in;
    /// - a `-nibName`/`-windowNibName` method returning `@"X"`: the class it is in, whose
    ///   (inherited) loader passes `self` (Adium's `DCJoinChatViewController` loads
    ///   `[self nibName]` with `owner:self`; NSWindowController and NSDocument do the same).
    /// A load passing another owner (`owner:controller`) names no class the audit can tell.
    func loaderOwners(_ loads: [NibLoaders.Load], catalogue: Set<String>) -> [(cls: String, load: NibLoaders.Load)] {
        var out: [(String, NibLoaders.Load)] = []
        for l in loads {
            var cls: String?
            switch l.call {
            case "initWithNibName:", "initWithWindowNibName:":
                if let o = l.owner, o != "self" { break }
                if l.owner == "self" { cls = l.inClass; break }
                switch l.createdClass {
                case nil, "self"?: cls = l.inClass
                // A catalogue controller made with the nib's name (L3).
                case let c? where defines(c) || ["NSWindowController", "NSViewController", "UIViewController"].contains(c) && catalogue.contains(c): cls = c
                default: break
                }
            case "-nibName", "-windowNibName":
                cls = l.inClass
            case "nibName=", "IBUINibName ":
                // A view controller archived in another nib, of its custom class.
                cls = l.createdClass
            case "loadNibNamed:", "loadNibFile:":
                if l.owner == "self" { cls = l.inClass }
            default: break
            }
            if let c = cls, defines(c) || catalogue.contains(c), !out.contains(where: { $0.0 == c }) { out.append((c, l)) }
        }
        return out
    }

    static func place(_ l: NibLoaders.Load) -> String {
        l.text
    }
}

import InterfaceBuilder

extension NibAuditor {
    /// Outlets File's Owner's connections name that the real owner class (and its superclasses
    /// the sources define) lacks. The nib sets them by Key-Value Coding on that owner: on iOS
    /// an undefined key raises (the battery's crash finding says so); the Mac loader leaves
    /// them nil with a warning (N6), which this note says. The framework's own outlets
    /// (`view`, `window`, `delegate`, …) are the catalogue's, not listed.
    func outletsLacking(_ doc: IBDocument, owner: String) -> [String] {
        guard let fo = doc.filesOwner else { return [] }
        let framework: Set<String> = ["view", "window", "delegate", "dataSource", "menu", "nextKeyView", "initialFirstResponder",
                                      "mainView", "_window", "_initialKeyView", "_firstKeyView", "_lastKeyView", "contentView",
                                      "navigationItem", "tabBarItem", "searchDisplayController"]
        var out: [String] = []
        for c in doc.connections(from: fo) where c.kind == .outlet || c.kind == .outletCollection {
            if framework.contains(c.name) || member(c.name, of: owner) != nil || out.contains(c.name) { continue }
            out.append(c.name)
        }
        return out
    }
}
