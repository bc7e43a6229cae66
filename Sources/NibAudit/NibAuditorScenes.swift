import Foundation
import InterfaceBuilder
import SourceImport

// Who instantiates a storyboard scene's controller (rule L9, grammar.md "Who loads each
// nib"): UIKit makes a scene's controller only as the storyboard's initial controller, as a
// segue's destination (a relationship segue included: a navigation controller's root), or by
// its storyboard identifier (`instantiateViewControllerWithIdentifier:`); whoever asked for
// it owns it. A scene none of these reaches cannot be made at all (Xcode warns "Scene is
// unreachable"): it is listed, not audited.
extension NibAuditor {
    /// How the scene whose controller is object `c` is instantiated, one line each; empty
    /// when nothing can instantiate it.
    func sceneLoaders(doc: IBDocument, controller c: Int, mainByPlist: String?) -> [String] {
        var out: [String] = []
        let loaders = context.loaders
        if doc.initialViewController == c {
            var how = "the storyboard's initial view controller"
            if let m = mainByPlist { how += ", made at launch for the window (main storyboard: \(m))" }
            else if guessedMainStoryboard(doc) {
                how += ", made at launch for the window (main storyboard, guessed: no Info.plist read, and no code loads this storyboard by name)"
            }
            let named = loaders.storyboardLoads(of: entry.name)
            if !named.isEmpty {
                let initial = loaders.instantiatesInitial.filter { i in named.contains { $0.file == i.file } }
                how += "; " + (named + initial).map { "\($0.file):\($0.line) `\($0.call)\($0.name.isEmpty ? "" : "@\"\($0.name)\"")`" }.joined(separator: ", ")
            }
            out.append(how)
        }
        for s in doc.connections where s.kind == .segue && s.destination == c {
            let from = doc.objects[s.source].scene.flatMap { doc.scenes[$0].controller }.map { doc.objects[$0] }
            let fromName = from.map { $0.customClass ?? $0.className } ?? doc.objects[s.source].displayName
            if s.name.hasPrefix("relationship:") {
                out.append("the \(s.name.dropFirst("relationship:".count)) of \(fromName) (relationship segue, \(entry.displayPath):\(s.location.line)), which keeps it")
            } else {
                out.append("the destination of a \(s.segueKind ?? "") segue from \(fromName) (\(entry.displayPath):\(s.location.line)), whose presentation keeps it")
            }
        }
        if let id = doc.objects[c].attribute("storyboardIdentifier"), !id.isEmpty {
            let made = loaders.identifierLoads(of: id)
            if made.isEmpty {
                out.append("its storyboard identifier \"\(id)\"" + (loaders.mentions(id) ? ", which a source names" : ", which no source names (no load found)"))
            } else {
                out += made.map { "\($0.file):\($0.line) `\($0.call)@\"\(id)\"` (+0, autoreleased: what the caller pushes, presents or retains keeps it)" }
            }
        }
        return out
    }
}

extension NibAuditor {
    /// With no Info.plist read, an iOS storyboard with an initial view controller that no
    /// code loads by name is taken for the main storyboard (L9), and says it was guessed.
    func guessedMainStoryboard(_ doc: IBDocument) -> Bool {
        doc.kind == .storyboard && doc.platform == .ios && doc.initialViewController != nil && context.settings.mainNibs.isEmpty
            && context.loaders.storyboardLoads(of: entry.name).isEmpty
    }

    /// The main storyboard's initial view controller is made at launch for the window, which
    /// keeps it as its root for the application's life: its `dealloc` never runs, so a leak
    /// seen when the battery releases it is real only if the app ever replaces its root.
    /// Such leaks stay, at low confidence, saying why.
    static func appLifetimeReason(_ cls: String, guessed: Bool) -> String {
        "\(cls) is the main storyboard's initial view controller\(guessed ? " (guessed: no Info.plist read)" : ""): the window keeps it for the application's life and its `dealloc` never runs, so this leak happens only if the app replaces the window's root view controller"
    }
}
