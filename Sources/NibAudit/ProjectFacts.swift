import SourceImport
import NibScriptSyntax
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

/// What the sources say about the project as a whole.
package enum ProjectFacts {
    /// iOS when a class descends from a UIKit class, the Mac when from an AppKit one.
    package static func platform(of classes: [ImportedClass]) -> PlatformName {
        var ui = 0, ns = 0
        for c in classes {
            guard let s = c.superclass else { continue }
            if s.hasPrefix("UI") { ui += 1 }
            if s.hasPrefix("NS") && s != "NSObject" { ns += 1 }
            for m in c.members {
                if m.type.hasPrefix("UI") { ui += 1 }
                if m.type.hasPrefix("NS") && !["NSObject", "NSString", "NSArray", "NSDictionary", "NSNumber", "NSMutableArray", "NSData", "NSDate"].contains(m.type) { ns += 1 }
            }
        }
        return ns > ui ? .mac : .ios
    }

    /// MRC when any class releases by hand (or has no sign of ARC and is Objective-C); ARC
    /// for Swift and for Objective-C that declares strong or weak and never releases.
    package static func memory(of classes: [ImportedClass]) -> MemoryModelName {
        if classes.contains(where: \.usesMRC) { return .mrc }
        if classes.contains(where: { $0.language == .swift }) { return .arc }
        let arcWords = classes.contains { c in c.members.contains { m in
            if case .property(let a, _) = m.kind { return a == .strong || a == .weak }
            return false
        } }
        return arcWords ? .arc : .mrc
    }
}
