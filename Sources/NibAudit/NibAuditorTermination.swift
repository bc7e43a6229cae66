import Foundation

// B12: the application's last event. `applicationWillTerminate:` runs once, as the process
// ends: what it releases (the app delegate's ivars, often without a nil) is never used
// again, and no `dealloc` follows. Sending it as an action (B1) made every member it
// releases "dangling" (Transmission's `Controller`: seven findings, each wrong).
extension NibAuditor {
    /// The selectors the application sends as it terminates (NSApplicationDelegate,
    /// UIApplicationDelegate): not sent by the battery.
    static let terminationSelectors: Set<String> = ["applicationWillTerminate:"]

    static func endsTheApplication(_ selector: String) -> Bool { terminationSelectors.contains(selector) }
}
