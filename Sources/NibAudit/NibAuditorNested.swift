import SourceImport
import CocoaSimulator
import NibScriptInterpreter

// A leaked object inside the nib's tree (R4): a tab view item of its NSTabView, a subview of
// its window. The loader hands File's Owner a +1 of the top-level objects only (N3); what
// sits inside one is held by its parent, and outlives it only when code retained it. So such
// an object is never "a top-level object of File's Owner": it is the leak of the member whose
// code retained it (`[tabViewItem retain]` in `windowDidLoad`), or, when no code retained it,
// a nested object, named with its parent.
extension NibAuditor {
    /// The first statement of `c`'s methods (lifecycle ones and helpers) that retains `m`.
    func codeRetain(of m: ImportedMember, in c: ImportedClass) -> (ImportedMethod, ImportedStatement)? {
        let names: Set<String> = [m.name, m.ivarName]
        for method in c.methods + c.helpers where method.selector != "dealloc" {
            for s in method.statements {
                if case .retain(let x) = s.kind, names.contains(x) { return (method, s) }
            }
        }
        return nil
    }

    /// The methods other than `dealloc` that give `m`'s object back (release or autorelease).
    func codeReleases(of m: ImportedMember, in c: ImportedClass) -> [(ImportedMethod, ImportedStatement)] {
        let names: Set<String> = [m.name, m.ivarName]
        var out: [(ImportedMethod, ImportedStatement)] = []
        for method in c.methods + c.helpers where method.selector != "dealloc" {
            for s in method.statements {
                switch s.kind {
                case .release(let x), .autorelease(let x): if names.contains(x) { out.append((method, s)) }
                default: break
                }
            }
        }
        return out
    }

    /// The finding of a nested object that leaked because `[x retain]` kept it (R4).
    func retainedNestedLeak(_ c: ImportedClass, _ m: ImportedMember, object: String, retainedAt: (ImportedMethod, ImportedStatement),
                            platform: PlatformName, arc: Bool) -> Audit.Finding {
        var f = finding(.leak, c, m, object: object, platform: platform, arc: arc)
        let (method, st) = retainedAt
        f.rule = "O9 R4"
        f.message = "`\(st.text)` in `\(method.selector)` (\(st.place.fileName):\(st.place.line)) retains \(object), which the nib holds inside its parent (it is no top-level object), and nothing in this life releases `\(m.name)`"
        f.related.append(Audit.Place(st.place, base: dir, what: "retained in \(method.selector)"))
        let others = codeReleases(of: m, in: c)
        if let (om, os) = others.first {
            f.confidence = "low"
            f.confidenceReason = "`\(om.selector)` gives it back (\(os.place.fileName):\(os.place.line): `\(os.text)`), a method this life does not run: when it always runs before \(c.name) goes, there is no leak"
            f.fix = "release `\(m.name)` in `dealloc` too (`[\(m.ivarName) release]; \(m.ivarName) = nil;`, and set it to nil after `\(os.text)`), so that it is given back on every path"
        } else {
            f.fix = c.method("dealloc").map { "release `\(m.name)` in `dealloc` (\($0.place.fileName):\($0.place.line)): `[\(m.ivarName) release];`" }
                ?? "add a `dealloc` to \(c.name) that releases `\(m.name)` (`[\(m.ivarName) release];`)"
        }
        return f
    }
}
