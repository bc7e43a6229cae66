import Foundation

// L4, a nib whose owner never loads it. A nib whose File's Owner is a plain class of the
// sources (NSObject its first class from outside them) that no compiled code names, and
// whose owner's class and superclasses load no nib by any call, is loaded by nothing: its only
// loads are commented out or in an `#if 0` region (a find panel's `-loadUI` kept in a block
// comment). Audited "as loaded by its owner", its top-level objects were reported as leaking
// from a load that never happens. It is listed, unused, as a nib with a generic owner is. A
// view or window controller, a document or a pane loads its nib by default names (L11, L6,
// L2), so only a plain owner is read so; and only when the name is written in a comment or
// dead code (the load was there and was taken out): with no trace of a load at all, the
// owner may still load it in ways not read, and it is audited as loaded by its owner.
extension NibAuditor {
    func noCompiledLoad(_ nib: NibRun, nameFromClass: Bool) -> String? {
        guard nib.doc.kind == .xib, !nib.isMain, nib.loads.isEmpty, !context.loaders.mentions(entry.name), !nameFromClass,
              nib.ownerObject?.customClass != nil, defines(nib.ownerClass),
              [entry.name, entry.name + ".nib", entry.name + ".xib"].contains(where: context.writtenLiterals.contains) else { return nil }
        var up: String? = nib.ownerClass
        var seen = Set<String>()
        while let n = up, seen.insert(n).inserted {
            guard let c = project[n] else { return n == "NSObject" ? "unused: File's Owner \(nib.ownerClass), a class of the sources, loads no nib, and no source names \"\(entry.name)\" outside comments and `#if 0` regions (a load there is no load) (L4)" : nil }
            // Swift code is not searched for loads here: leave it to the owner.
            if c.language == .swift || context.nibLoadingClasses.contains(n) { return nil }
            up = c.superclass ?? "NSObject"
        }
        return nil
    }
}

extension NibLoaders {
    static let anyLoadPattern = try! NSRegularExpression(pattern:
        #"\b(?:loadNibNamed|loadNibFile|initWithNibNamed|nibWithNibName|initWithNibName|initWithWindowNibName|instantiateNibWithOwner|instantiateWithOwner|windowNibName|nibName|loadNib)\b"#)

    /// The classes whose compiled code (comments and `#if 0` blanked) makes any call that
    /// loads a nib, by a literal name or not.
    static func nibLoadingClasses(code: [(file: String, text: String)]) -> Set<String> {
        var out: Set<String> = []
        for (file, text) in code where !file.hasSuffix(".swift") {
            let ns = text as NSString
            let impls = implementations(in: ns)
            for m in anyLoadPattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                if let c = impls.last(where: { $0.0 < m.range.location })?.1 { out.insert(c) }
            }
        }
        return out
    }
}
