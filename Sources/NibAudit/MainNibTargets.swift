import Foundation

// A main nib is the main nib of the application whose Info.plist names it, not of every nib
// of that name. A folder often holds several applications: OneBusAway keeps
// InAppSettingsKit's sample application (its Info.plist: `NSMainNibFile~ipad MainWindow`)
// beside its own, whose `MainWindow.xib` no Info.plist names (main.m passes the delegate's
// class to `UIApplicationMain`, and the app delegate builds the window in code). Matched by
// name alone, the application's stale `MainWindow.xib` was audited as a main nib loaded with
// the sample's UIApplication delegate, and its outlets gave a crash that no run can see.
// With the project files read, the Info.plist's main nib is a nib of that name that the
// target naming it copies as a resource; a nib of that name that only other targets copy is
// not it. Without that evidence (no project read, a project not read whole, the nib in no
// target's resources) the name decides, as before.
extension ProjectSettings {
    /// The origin of the Info.plist entry that makes the nib at `paths` (its path and its
    /// bundle's, relative to the folder) the main nib of an application, or nil.
    func mainNib(_ name: String, paths: [String]) -> String? {
        guard let origin = mainNibs[name] else { return nil }
        guard found, problems.isEmpty, let naming = mainNibTargets[name] else { return origin }
        if let t = naming.first(where: { t in paths.contains(where: t.resources.contains) }) { return t.origin }
        // Built, but only by targets whose Info.plist names another main nib or none.
        if paths.contains(where: allResources.contains) { return nil }
        return origin
    }
}
