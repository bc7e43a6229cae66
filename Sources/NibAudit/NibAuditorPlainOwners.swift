import Foundation
import InterfaceBuilder

// L19: one nib, several plain owners. File's Owner's class is only Interface Builder's hint:
// the Mac loader sets the nib's outlets by name on whatever object `loadNibNamed:owner:`
// is given, and hands that object the top-level objects' +1s (N3). Old Mac code reuses one
// panel nib from two classes that declare the same outlets (Seashore's `CocoaImporter` and
// `CocoaContent` both load `CocoaContent` with `owner:self`). Each such class owns what its
// own load makes, so each is audited as an owner; before, only the nib's named class was,
// the other's leaks went unseen and its outlets were listed as connected by no nib.
extension NibAuditor {
    /// The classes, other than the nib's plain owner, that load it with `owner:self` (no
    /// class made at the call), are neither a kind nor an ancestor of the owner (a subclass
    /// runs the owner's own load: it is the same owner), and declare every outlet the nib
    /// connects from File's Owner, at least one: the nib was designed for them too. A class
    /// lacking one is a stale name's loader (L5), not a second owner. At most 4, in the order
    /// of the loads.
    func plainCoOwners(_ nib: NibRun) -> [(String, NibLoaders.Load)] {
        guard let fo = nib.doc.filesOwner else { return [] }
        let outlets = nib.doc.connections(from: fo).filter { $0.kind == .outlet || $0.kind == .outletCollection }.map(\.name)
        var out: [(String, NibLoaders.Load)] = []
        for l in nib.loads where l.owner == "self" && l.createdClass == nil && !l.call.hasPrefix("init") {
            guard let c = l.inClass, defines(c), c != nib.ownerClass, !nib.extraOwners.contains(c), !out.contains(where: { $0.0 == c }),
                  nib.extraOwners.count + out.count < 4,
                  !isKind(c, of: nib.ownerClass, platform: nib.platform), !isKind(nib.ownerClass, of: c, platform: nib.platform),
                  outlets.contains(where: { member($0, of: c) != nil }), outletsLacking(nib.doc, owner: c).isEmpty,
                  ownerKind(c, platform: nib.platform, stubs: nib.stubs, doc: nib.doc, assumed: nib.assumed) == .plain else { continue }
            out.append((c, l))
        }
        return out
    }
}
