import Foundation
import CocoaSimulator

// Whose nib a window controller frees (grammar.md): NSWindowController (and NSViewController)
// releases the top-level objects of the nib it loads itself — its window nib, through
// `initWithWindowNibName:` (or `-windowNibName`) and `loadWindow` — and no other. A subclass
// made with `[super init]` that loads its nib with `[NSBundle loadNibNamed:@"X" owner:self]`
// is a File's Owner like any other (N3): each top-level object is left at +1 for the code.
// Such a nib's battery loads it with the controller as owner (as the code does) before
// showing it, instead of giving the controller the nib's name.
extension NibAuditor {
    /// The calls by which a controller gets a nib of its own (it loads it, and frees it).
    static let ownNibCalls: Set<String> = ["initWithWindowNibName:", "initWithNibName:", "windowNibName:", "nibName:",
                                           "-windowNibName", "-nibName"]

    /// Whether a window (or Mac view) controller owner's nib is loaded by its class's own code
    /// with `owner:self` (`loadNibNamed:owner:`, `loadNibFile:`) and by no call that makes it
    /// the controller's own nib.
    func loadedByCodeAsOwner(_ nib: NibRun) -> Bool {
        guard [.windowController, .macViewController].contains(nib.kind), nib.doc.kind == .xib, !nib.isMain,
              !nib.catalogue.contains(nib.ownerClass), defines(nib.ownerClass) else { return false }
        var chain: [String] = []
        var k: String? = nib.ownerClass
        while let n = k, !chain.contains(n) { chain.append(n); k = project[n]?.superclass }
        if nib.loads.contains(where: { Self.ownNibCalls.contains($0.call) || $0.archived }) { return false }
        return nib.loads.contains { ["loadNibNamed:", "loadNibFile:"].contains($0.call) && $0.owner == "self" && $0.inClass.map(chain.contains) == true }
    }

    /// Whether the controller's `dealloc` (its class's or a superclass's) gives back the
    /// window's nib +1 itself, `[[self window] release]` or `[self.window release]` on no
    /// branch: the battery gives it back after the load (the window's +1 is the load's, and
    /// `-setWindow:`'s retain keeps it until the controller goes).
    func releasesOwnWindow(_ ownerClass: String) -> Bool {
        let pattern = try! NSRegularExpression(pattern: #"^\[\s*(?:\[\s*self\s+window\s*\]|self\.window)\s+(?:auto)?release\s*\]\s*;?$"#)
        var k: String? = ownerClass
        var seen = Set<String>()
        while let n = k, seen.insert(n).inserted, let c = project[n] {
            for m in c.methods where m.selector == "dealloc" {
                // A message to what `-window` returns is no statement the reader models: it
                // is among the method's unread statements.
                for t in (m.statements.filter { $0.path.isEmpty }.map(\.text) + m.unread.filter { $0.path.isEmpty }.map(\.text)) {
                    let t = t.trimmingCharacters(in: .whitespaces)
                    if pattern.firstMatch(in: t, range: NSRange(t.startIndex..., in: t)) != nil { return true }
                }
            }
            k = c.superclass
        }
        return false
    }

    /// The battery's lines for such a nib: after the owner is made, the code's load with it
    /// as owner and what the loading code does with the top-level objects (L7, L8).
    static func withCodeLoad(_ body: [String], owner c: String, nib: String, afterLoad: [String]) -> [String] {
        guard let k = body.firstIndex(where: { $0.hasPrefix("\(c) = new ") }) else { return body }
        let load = "load nib \(nib) owner \(c)"
        if body.count > k + 1, body[k + 1] == load { return body }
        var out = body
        out.insert(contentsOf: [load] + afterLoad, at: k + 1)
        return out
    }

    /// The fixes of a code-loaded controller's top-level leaks: it already is a window (view)
    /// controller, so the fix is to let it load the nib as its own.
    mutating func adviseOwnNib(_ nib: inout NibRun) {
        let generic = "load the nib with an NSWindowController or NSViewController, which releases its top-level objects"
        let own = nib.kind == .windowController
            ? "let \(nib.ownerClass) load it as its window nib (`[super initWithWindowNibName:@\"\(entry.name)\"]` instead of `[super init]` and `loadNibNamed:owner:self`): NSWindowController releases the top-level objects of the nib it loads"
            : "let \(nib.ownerClass) load it as its view nib (`[super initWithNibName:@\"\(entry.name)\" bundle:nil]` instead of loading it with `owner:self`): NSViewController releases the top-level objects of the nib it loads"
        for k in nib.firstFinding..<findings.count { findings[k].fix = findings[k].fix.replacingOccurrences(of: generic, with: own) }
    }

    /// Whether File's Owner is an Automator action (its class, or a superclass): the action
    /// loads its bundle's `main.nib` itself and keeps and releases its top-level objects, as
    /// a controller does its own nib's. Modelled as a view controller, whose dealloc no longer
    /// releases a nib loaded with it as owner: the battery gives the +1s back after the load.
    func automatorOwner(_ nib: NibRun) -> Bool {
        guard nib.platform == .mac else { return false }
        var k: String? = nib.ownerClass
        var seen = Set<String>()
        while let n = k, seen.insert(n).inserted {
            if Self.automatorActions.contains(n) { return true }
            k = project[n]?.superclass
        }
        return false
    }
}
