import InterfaceBuilder
import NibScriptSyntax
import SourceImport

// What runs when a window or a pane closes (rules B7, B8, B10): the close notifications
// AppKit sends, a preference pane's lifecycle as System Preferences sends it, and the
// teardown methods the project's own code sends to an owner when it is done with it.
// Each is a few lines of the battery, sent before the owner is released; the messages'
// own behaviour is the world's (CocoaSimulator/WindowClosing.swift) or the lowered
// methods' (ImportLowering, DynamicDispatch.swift).

extension NibAuditor {
    /// Lines a battery runs before the owner's release, and the words its title gets.
    package struct Closing {
        var title: String
        var lines: [String]
        /// The project's methods it sends (B10): lowered as methods of their own.
        var sent: [String] = []
        /// B14: what it sends releases the owner itself: the battery gives up no reference
        /// after it (its title says which method).
        var releasesOwner = false
        var selfRelease: String? = nil
        /// B14: the close is the owner's own method that releases it (not what closing its
        /// window sends it).
        var byItself = false
        /// The scenario's title after what comes before the close ("loaded", "shown"): the
        /// battery's own release ends it unless the owner releases itself.
        var scenarioEnd: String { releasesOwner ? title : "\(title) and released" }
    }

    /// B8: NSPreferencePane's `loadMainView` (the nib loaded with the pane as owner, then
    /// `assignMainView` — the window's content view becomes the retained `mainView`, the
    /// window, the pane's +1 (N3), is released and `_window` set to nil — then
    /// `mainViewDidLoad`), and the pane selected: `willSelect`, `didSelect` (one event, the
    /// click on its icon).
    static func paneStart(_ c: String, owner: String, nib: String, arc: Bool) -> [String] {
        // `_window` is an ivar of the pane (no property): `->`.
        let give = arc ? "CFRelease \(c)->_window" : "release \(c)->_window"
        return ["\(c) = new \(owner)", "load nib \(nib) owner \(c)", "\(c).mainView = \(c)->_window.contentView", give,
                "\(c)->_window = nil", "send \(c) mainViewDidLoad", "drain",
                "event {", "    send \(c) willSelect", "    send \(c) didSelect", "}", "drain"]
    }

    /// B8: the pane unselected (`shouldUnselect`, taken to answer NSUnselectNow, then
    /// `willUnselect` and `didUnselect`), then released as System Preferences unloads it.
    static func paneEnd(_ c: String, arc: Bool) -> [String] {
        ["event {", "    send \(c) shouldUnselect", "    send \(c) willUnselect", "    send \(c) didUnselect", "}", "drain",
         arc ? "\(c) = nil" : "release \(c)", "drain"]
    }

    /// The project class, `cls` or one of its project superclasses, that defines `sel`.
    func implementer(_ sel: String, of cls: String) -> String? {
        var k: String? = cls
        var seen = Set<String>()
        while let n = k, seen.insert(n).inserted, let c = project[n] {
            if c.helper(sel) != nil || c.method(sel) != nil { return n }
            k = c.superclass
        }
        return nil
    }

    /// B7: a window controller's window whose `delegate` the nib connects to an object whose
    /// class implements `windowWillClose:` is closed by the user before the controller goes:
    /// `-[NSWindow close]` sends it (CocoaSimulator/WindowClosing.swift). AppKit makes no
    /// window controller its window's delegate by itself: without the connection, nothing is
    /// sent and the battery is unchanged.
    func windowClosing(doc: IBDocument, ownerClass: String, cvar: String) -> Closing? {
        guard let o = doc.filesOwner,
              let w = doc.connections(from: o).first(where: { $0.kind == .outlet && $0.name == "window" })?.destination else { return nil }
        let delegate = doc.connections(from: w).first(where: { $0.kind == .outlet && $0.name == "delegate" })?.destination
        let definer = delegate.flatMap { implementer("windowWillClose:", of: className(of: $0, in: doc, ownerClass: ownerClass)) }
        // The owner may also observe the notification itself (`addObserver:self
        // selector:@selector(sel) name:NSWindowWillCloseNotification …`): the center sends it
        // `sel` too, in the same event (the center is not simulated: the battery sends it).
        let observed = windowCloseObservers(ownerClass, doc: doc, window: w).filter { sel in !(sel == "windowWillClose:" && delegate == o && definer != nil) }
        guard definer != nil || !observed.isEmpty else { return nil }
        var what: [String] = definer.map { ["`-[\($0) windowWillClose:]`"] } ?? []
        what += observed.map { "`\($0)` observing NSWindowWillCloseNotification" }
        return Closing(title: "its window closed by the user (\(what.joined(separator: ", ")))",
                       lines: ["event {", "    send \(cvar).window close"] + observed.map { "    send \(cvar) \(ScriptText.name($0)) nil" } + ["}", "drain"],
                       sent: observed)
    }

    /// The selectors with which the owner's class (or a project superclass) registers itself
    /// for NSWindowWillCloseNotification, when the class implements them and the
    /// registration's `object:` is one the closing window `window` (a nib object) posts for:
    /// the center delivers a notification to an observer registered with `object:X` only
    /// when X is the poster, and to one registered with `object:nil` for every window
    /// (Apple's NSNotificationCenter reference, `addObserver:selector:name:object:`).
    func windowCloseObservers(_ cls: String, doc: IBDocument, window: Int) -> [String] {
        var out: [String] = []
        var k: String? = cls
        var seen = Set<String>()
        while let n = k, seen.insert(n).inserted, let c = project[n] {
            for m in (c.methods + c.helpers).sorted(by: { $0.place < $1.place }) {
                for u in m.unread {
                    let t = u.text.filter { $0 != " " && $0 != "\t" && $0 != "\n" }
                    guard t.contains("addObserver:self"), t.contains("name:NSWindowWillCloseNotification"),
                          let r = t.range(of: "selector:@selector(") else { continue }
                    let sel = String(t[r.upperBound...].prefix { $0 != ")" })
                    guard hears(Self.observedObject(t), window: window, doc: doc, ownerClass: cls) else { continue }
                    if sel.hasSuffix(":"), sel.dropLast().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                       implementer(sel, of: cls) != nil, !out.contains(sel) { out.append(sel) }
                }
            }
            k = c.superclass
        }
        return out
    }

    /// The `object:` argument of an `addObserver:selector:name:object:` statement (its text
    /// without spaces), as written up to the message's closing bracket: `nil`,
    /// `[selfwindow]`, `self.window`, `sidePanel`. Nil when there is none.
    static func observedObject(_ compact: String) -> String? {
        guard let r = compact.range(of: "object:", options: .backwards) else { return nil }
        var depth = 0
        var out = ""
        for ch in compact[r.upperBound...] {
            if ch == "[" || ch == "(" { depth += 1 } else if ch == "]" || ch == ")" { if depth == 0 { break }; depth -= 1 }
            else if ch == ";" && depth == 0 { break }
            out.append(ch)
        }
        return out.isEmpty ? nil : out
    }

    /// Whether an observer registered with `object:` written `object` hears the close of the
    /// nib's `window`, which is File's Owner's `window` outlet. `nil` (or no `object:`)
    /// hears every window; `self.window`, `[self window]` or the `window` ivar this one; an
    /// outlet of File's Owner hears it when the nib connects it to this window, not when it
    /// connects it to another object; `self` (the controller is no window) never. Anything
    /// else (a member the nib does not connect, a call) is not known: taken as hearing, as
    /// before this was read.
    func hears(_ object: String?, window: Int, doc: IBDocument, ownerClass: String) -> Bool {
        guard let object else { return true }
        if ["nil", "NULL", "0", "Nil"].contains(object) { return true }
        if object == "self" { return false }
        var name = object
        if name.hasPrefix("self.") { name = String(name.dropFirst(5)) }
        else if name.hasPrefix("self->") { name = String(name.dropFirst(6)) }
        else if name.hasPrefix("[self"), name.hasSuffix("]") { name = String(name.dropFirst(5).dropLast()) }
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !name.isEmpty else { return true }
        if name == "window" || name == "_window" { return true }
        guard let o = doc.filesOwner else { return true }
        // The outlet as the nib connects it, by the member's name or its ivar's.
        let names = Set([name] + (member(name, of: ownerClass).map { [$0.1.name, $0.1.ivarName] } ?? []))
        let targets = doc.connections(from: o).filter { $0.kind == .outlet && names.contains($0.name) }.map(\.destination)
        guard !targets.isEmpty else { return true }
        return targets.contains(window)
    }

    /// Methods whose run is the end of an object's use: what they send to other objects is
    /// how those are closed (B10).
    static let closeSelectors: Set<String> = ["dealloc", "windowWillClose:", "willUnselect", "didUnselect"]

    /// One place that sends a teardown selector to another object: the method, and the
    /// declared class of the receiver when it is a member of the sender's class (nil for a
    /// collection's elements or a receiver the reader cannot type).
    struct TeardownSender { var method: String; var receiverType: String? }

    /// B10: the selectors the project's code sends to objects other than self (`[x sel]`, or
    /// `makeObjectsPerformSelector:@selector(sel)` / `performSelector:@selector(sel)` over a
    /// collection) from a close or end method of any project class — `dealloc`,
    /// `windowWillClose:`, a pane's `willUnselect`/`didUnselect` — or from a method so sent, or
    /// from a hook one of those sends to self (two rounds), with every sender found.
    /// Project-wide: made once per audit (`Audit.Context`), not for each nib (it sorts and
    /// reads every class's methods: an eighth of Adium's audit when made per nib).
    static func teardownSenders(project: ImportedProject) -> [String: [TeardownSender]] {
        var senders: [String: [TeardownSender]] = [:]
        var closing = Self.closeSelectors
        var scanned = Set<String>()
        for _ in 0..<2 {
            var added = false
            for c in project.classes.sorted(by: { $0.name < $1.name }) {
                for m in (c.methods + c.helpers).sorted(by: { $0.selector < $1.selector }) where closing.contains(m.selector) {
                    guard scanned.insert(c.name + " " + m.selector).inserted else { continue }
                    for u in m.unread {
                        for (sel, receiver) in Self.sentToOthers(u.text) where !Self.closeSelectors.contains(sel) {
                            let type = receiver.flatMap { c.member(forIvarOrName: $0.hasPrefix("self.") ? String($0.dropFirst(5)) : $0)?.type }
                            senders[sel, default: []].append(TeardownSender(method: "-[\(c.name) \(m.selector)]", receiverType: type))
                            added = true
                        }
                    }
                    // Hooks it sends to self close too (`-closeView` → `[self viewWillClose]`).
                    for s in m.statements { if case .callSelf(let h) = s.kind, !closing.contains(h) { closing.insert(h); added = true } }
                }
            }
            closing.formUnion(senders.keys)
            if !added { break }
        }
        return senders
    }

    /// The zero-argument selectors a statement sends to a receiver that is not self or super,
    /// each with the receiver as written (nil for a collection's elements).
    static func sentToOthers(_ text: String) -> [(String, String?)] {
        var out: [(String, String?)] = []
        let compact = text.filter { $0 != " " }
        var rest = Substring(compact)
        while let r = rest.range(of: "erformSelector:@selector(") {
            let after = rest[r.upperBound...]
            if let close = after.firstIndex(of: ")") {
                let sel = String(after[..<close])
                if !sel.isEmpty, !sel.contains(":"), sel.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { out.append((sel, nil)) }
            }
            rest = after
        }
        // `[receiver sel];`: two words in one pair of brackets.
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.hasPrefix("["), t.hasSuffix("];") {
            let words = t.dropFirst().dropLast(2).split(separator: " ")
            if words.count == 2, !["self", "super"].contains(String(words[0])),
               words[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
               words[1].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), words[1].first?.isLetter == true {
                out.append((String(words[1]), String(words[0])))
            }
        }
        return out
    }

    /// B10 for an owner: the teardown methods its class (or a project superclass) defines
    /// that change memory, sent in one event before the owner's release (at most two, by selector).
    func teardown(ownerClass: String, cvar: String, senders: [String: [TeardownSender]], lowering: ImportLowering) -> Closing? {
        guard let oc = project[ownerClass] else { return nil }
        // The owner's classes, for the receivers' declared types; and the hooks they send to
        // self, which a teardown reaches through its own method (never sent twice).
        var chain: Set<String> = ["NSObject", "id"]
        var hooks = Set<String>()
        var k: String? = ownerClass
        while let n = k, chain.insert(n).inserted, let c = project[n] {
            for m in c.methods + c.helpers { for s in m.statements { if case .callSelf(let h) = s.kind { hooks.insert(h) } } }
            k = c.superclass
        }
        var sels: [String] = []
        var from: [String] = []
        for sel in senders.keys.sorted() where sels.count < 2 && !hooks.contains(sel) {
            // A receiver declared with another class is not this owner: `[window close]`.
            // A sender whose receiver is declared with one of the owner's classes names it best.
            let all = senders[sel]!
            guard let sender = all.first(where: { $0.receiverType.map { chain.contains($0) && $0 != "NSObject" && $0 != "id" } ?? false })
                    ?? all.first(where: { $0.receiverType.map(chain.contains) ?? true }) else { continue }
            guard let definer = implementer(sel, of: ownerClass), let dc = project[definer], let h = dc.helper(sel) else { continue }
            // Only a method that changes memory on an object of this class (its hooks dispatched).
            let lines = lowering.statements(h, in: oc).0.map { $0.trimmingCharacters(in: .whitespaces) }
            guard lines.contains(where: { !$0.hasPrefix("super") && !$0.hasPrefix("#") && $0 != "}" }) else { continue }
            sels.append(sel)
            from.append("`\(sel)`, as `\(sender.method)` sends it")
        }
        guard !sels.isEmpty else { return nil }
        return Closing(title: "closed by its users (\(from.joined(separator: "; ")))",
                       lines: ["event {"] + sels.map { "    send \(cvar) \(ScriptText.name($0))" } + ["}", "drain"], sent: sels)
    }
}

extension NibAuditor {
    /// B11: a nib its owner loads by a name it asks itself for (`[NSBundle
    /// loadNibNamed:[self nibName] owner:self]`, the `-nibName` loader) in a method that then
    /// calls hooks on self (`[self viewDidLoad]; [self localizePane];`, on the load's own
    /// branch): the battery sends those hooks right after its load, as that method would.
    func loaderHooks(ownerClass: String) -> [String] {
        var k: String? = ownerClass
        var seen = Set<String>()
        while let n = k, seen.insert(n).inserted, let c = project[n] {
            for m in (c.methods + c.helpers).sorted(by: { $0.place < $1.place }) {
                // The load: read as `.loadNib("-nibName")` (R3), or a statement not understood.
                let read = m.statements.first { st in if case .loadNib(let n) = st.kind { return n.hasPrefix("-") }; return false }
                let unread = m.unread.first { u in u.text.filter { $0 != " " }.contains("NibNamed:[selfnibName]") }
                guard let (place, path) = read.map({ ($0.place, $0.path) }) ?? unread.map({ ($0.place, $0.path) }) else { continue }
                let load = (place: place, path: path)
                var out: [String] = []
                for s in m.statements {
                    guard case .callSelf(let sel) = s.kind, s.place > load.0, s.path == load.1, !out.contains(sel) else { continue }
                    out.append(sel)
                }
                return out
            }
            k = c.superclass
        }
        return []
    }
}
