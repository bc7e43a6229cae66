import OwnershipEngine

// Closing a window (rule B7). `-[NSWindow close]` posts NSWindowWillCloseNotification
// before the window goes off screen (Apple's NSWindow reference, `close`: "posts an
// NSWindowWillCloseNotification to the default notification center"), and a window's
// delegate is registered for it automatically: it gets `windowWillClose:` (NSWindowDelegate
// reference). An NSWindowController does not become its window's delegate by itself; it is
// one only when the nib (or the code) connects the window's `delegate` to it. So the close
// runs the delegate's `windowWillClose:` when its class implements it, with the
// notification (nil here) as its argument. Whether the window then releases itself
// (`releasedWhenClosed`) is the nib's attribute, not the world's: the script says it with a
// `release` after the close, as the audit writes it.

extension CocoaWorld {
    /// `-[NSWindow close]` and `-[NSWindow performClose:]` (its `windowShouldClose:` is taken
    /// to answer YES): the delegate's `windowWillClose:`. Returns false when `w` is no window.
    package func closeWindow(_ w: ObjectID) -> Bool {
        guard !crashed, engine.isAlive(w) else { return true }
        let cls = runtimeClass(of: w)
        guard cls.isKind(of: "NSWindow") else { return false }
        guard let p = cls.property("delegate"), let d = engine.read(SlotRef(w, p.slot)) else {
            note("\(shortLabel(w)) closes: NSWindowWillCloseNotification, and no delegate to get it")
            return true
        }
        // A delegate freed while the window still points at it (an assign reference) is
        // messaged anyway: a zombie message (O5), as AppKit's would be.
        guard engine.message(d, "windowWillClose:") else { return true }
        let dc = runtimeClass(of: d)
        if let (m, owner) = dc.method("windowWillClose:"), let host = _host {
            note("\(shortLabel(w)) closes: NSWindowWillCloseNotification, its delegate \(shortLabel(d)) gets windowWillClose:")
            host.sendNil(m, of: owner, to: d, selector: "windowWillClose:")
        } else {
            note("\(shortLabel(w)) closes: its delegate \(shortLabel(d)) does not implement windowWillClose:")
        }
        return true
    }
}
