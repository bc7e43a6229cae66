import OwnershipEngine

/// The window, navigation and tab bar controllers, and modal presentation (V3, V4): who
/// retains which controller, whose view is in the window, and the appearance callbacks in
/// UIKit's order. Errors of the order of commands (a push of a controller already pushed)
/// go to the host as run-time errors at `range`; reading a controller's `view` goes through
/// the host, whose classes may override the getter (it loads the view lazily, V1).
extension CocoaWorld {
    // MARK: Structure

    package func childList(_ c: ObjectID) -> [ObjectID] {
        guard engine.isAlive(c), let slot = classes.viewControllersSlot(engineClass: engine.classOf(c)) else { return [] }
        return engine.list(SlotRef(c, slot))
    }

    /// The child whose view shows inside a container's view: a navigation controller's top,
    /// a tab bar controller's selected tab. By the engine class's facts: asked for every
    /// controller of every transition.
    package func visibleChild(of c: ObjectID) -> ObjectID? {
        let engineClass = engine.classOf(c)
        if classes.isNavigationController(engineClass: engineClass) {
            guard engine.isAlive(c), let slot = classes.viewControllersSlot(engineClass: engineClass) else { return nil }
            return engine.listLast(SlotRef(c, slot))
        }
        if classes.isTabBarController(engineClass: engineClass) {
            let list = childList(c)
            let i = controllers.selectedTab[c] ?? 0
            return i < list.count ? list[i] : nil
        }
        return nil
    }

    /// A controller and the children shown inside it, outermost first.
    package func visibleChain(_ c: ObjectID) -> ControllerChain {
        var out = ControllerChain()
        out.append(c)
        var k = c
        while let child = visibleChild(of: k), !out.contains(child) { out.append(child); k = child }
        return out
    }

    /// The container holding a controller, if any: the live, visible object with the lowest
    /// id whose viewControllers list holds it. The engine knows which lists hold an object,
    /// so this costs O(lists holding c), not a scan of the live objects.
    package func container(of c: ObjectID) -> ObjectID? {
        var found: ObjectID?
        engine.forEachListHolder(of: c) { r in
            let o = r.holder
            guard found.map({ o < $0 }) ?? true, engine.isAlive(o), !engine.isHidden(o),
                  classes.viewControllersSlot(engineClass: engine.classOf(o)) == Int(r.slot) else { return }
            found = o
        }
        return found
    }

    /// Where a controller already is, in words, when it cannot be put somewhere else.
    package func placement(of c: ObjectID) -> String? {
        if let k = container(of: c) { return "already in the viewControllers of \(label(k))" }
        if c == controllers.shownRoot { return "already the root view controller of the window" }
        if let p = controllers.presentations.first(where: { $0.presented == c }) { return "already presented by \(label(p.presenter))" }
        return nil
    }

    package func subviewsRef(_ view: ObjectID) -> SlotRef? {
        guard engine.isAlive(view), let slot = classes.subviewsSlot(engineClass: engine.classOf(view)) else { return nil }
        return SlotRef(view, slot)
    }

    /// Whether a view is in the key window's view hierarchy (what "on screen" means): a
    /// path of live views' subviews lists leads from the key window to it. Walked upwards,
    /// through the lists that hold the view, so it costs the view's depth, not the hierarchy.
    package func isInWindow(_ view: ObjectID) -> Bool {
        guard let w = controllers.keyWindow, engine.isAlive(w) else { return false }
        // The usual case, a view in one superview at most at each level (every warning asks
        // for each controller's view), walked up without a work list; a view in two, or a
        // chain longer than any real hierarchy (a cycle), takes the general walk below.
        var v = view
        for _ in 0..<64 {
            if v == w { return true }
            var up: ObjectID?
            var ups = 0
            engine.forEachListHolder(of: v) { r in if subviewsRef(r.holder) == r { ups += 1; up = r.holder } }
            guard let next = up else { return false }
            if ups > 1 { break }
            v = next
        }
        var work = [view]
        var seen: [ObjectID] = []      // a view's depth is small: a set only for deep ones
        var deep: Set<ObjectID> = []
        while let v = work.popLast() {
            if v == w { return true }
            if seen.count < 32 {
                guard !seen.contains(v) else { continue }
                seen.append(v)
            } else {
                guard !seen.contains(v), deep.insert(v).inserted else { continue }
            }
            engine.forEachListHolder(of: v) { r in if subviewsRef(r.holder) == r { work.append(r.holder) } }
        }
        return false
    }

    package func isOnScreen(_ c: ObjectID) -> Bool {
        guard engine.isAlive(c) else { return false }
        if config.isMac { return controllers.macShown.contains(c) }
        guard let v = viewOf(c) else { return false }
        return isInWindow(v)
    }

    package func addSubview(_ child: ObjectID, to parent: ObjectID) {
        guard let r = subviewsRef(parent), !engine.listContains(r, child) else { return }
        engine.listAppend(r, child)
    }

    package func removeFromSuperview(_ child: ObjectID, _ parent: ObjectID?) {
        guard let p = parent, let r = subviewsRef(p), engine.listContains(r, child) else { return }
        engine.listRemove(r, child)
    }

    // MARK: Transitions

    /// One change of what is on screen, in UIKit's order: the incoming controller's view
    /// loads; the outgoing controllers get viewWillDisappear:, the incoming ones
    /// viewWillAppear: (each child after its container, its view loaded first); the views
    /// are swapped; then viewDidDisappear: and viewDidAppear:.
    package func transition(out outgoing: ObjectID?, in incoming: ObjectID?, swap: (ObjectID?, ObjectID?) -> Void) {
        let outs = outgoing.map(visibleChain)?.filter { controllers.appearance(of: $0) == .appeared } ?? ControllerChain()
        if let i = incoming { ensureViewLoaded(i) }
        guard !crashed else { return }
        for k in 0..<outs.count { deliver(.viewWillDisappear, to: outs[k]); guard !crashed else { return } }
        var ins = ControllerChain()
        if let i = incoming {
            // Each child is found after its container's viewWillAppear: ran (it may push).
            var k: ObjectID? = i
            while let c = k, !ins.contains(c) {
                ensureViewLoaded(c)
                guard !crashed else { return }
                deliver(.viewWillAppear, to: c)
                guard !crashed else { return }
                ins.append(c)
                k = visibleChild(of: c)
            }
        }
        // The views: each child's view goes into its container's view, others leave it.
        for k in 1..<max(1, ins.count) { syncContainerView(ins[k - 1], showing: ins[k]) }
        swap(outgoing.flatMap(viewOf), incoming.flatMap(viewOf))
        guard !crashed else { return }
        for k in 0..<outs.count { deliver(.viewDidDisappear, to: outs[k]); guard !crashed else { return } }
        for k in 0..<ins.count { deliver(.viewDidAppear, to: ins[k]); guard !crashed else { return } }
    }

    package func ensureViewLoaded(_ c: ObjectID) {
        if !isViewLoaded(c) { _ = _host?.readProperty("view", of: c) }
    }

    /// A container's view shows its visible child's view and none of its other children's.
    package func syncContainerView(_ parent: ObjectID, showing child: ObjectID) {
        guard let pv = viewOf(parent) else { return }
        for other in childList(parent) where other != child {
            if let ov = viewOf(other) { removeFromSuperview(ov, pv) }
        }
        if let cv = viewOf(child) { addSubview(cv, to: pv) }
    }

    // MARK: show

    /// `show c`: c becomes the key window's root view controller (a window is made if
    /// there is none). `show w`: a window becomes the key window (makeKeyAndVisible).
    /// Mac: `show wc` shows a window controller's window, `show vc` a view controller's view.
    /// A window with a content view controller (a storyboard's window controller scene)
    /// shows that controller's view: it loads (V1, V11) and becomes the content view.
    func showContentViewController(of w: ObjectID) {
        let wcls = runtimeClass(of: w)
        guard let p = wcls.property("contentViewController"), let vc = engine.read(SlotRef(w, p.slot)), engine.isAlive(vc) else { return }
        note("\(shortLabel(w)).contentViewController is \(shortLabel(vc)): its view becomes the window's content view")
        guard let v = _host?.readProperty("view", of: vc), !crashed else { return }
        _host?.setProperty("contentView", of: w, to: v, fresh: false, cause: because("\(shortLabel(w)).contentView holds it"))
    }

    package func show(_ x: ObjectID, at range: SourceSpan?) {
        let cls = runtimeClass(of: x)
        if config.isMac {
            if cls.isWindowController {
                note("-[\(cls.name) showWindow:]")
                if let w = _host?.readProperty("window", of: x), !crashed { showContentViewController(of: w) }
            } else if cls.isViewController {
                note("\(shortLabel(x)).view goes into a window")
                _ = _host?.readProperty("view", of: x)
            } else {
                return runtimeError("show needs a window or view controller; \(label(x)) is neither", at: range)
            }
            if !crashed { controllers.macShown.insert(x) }
            return
        }
        if cls.isKind(of: "UIWindow") {
            note("-[UIWindow makeKeyAndVisible] on \(shortLabel(x))")
            if let old = controllers.keyWindow, old != x, let root = controllers.shownRoot {
                transition(out: root, in: nil) { ov, _ in if let v = ov { self.removeFromSuperview(v, old) } }
                controllers.shownRoot = nil
            }
            controllers.keyWindow = x
            _host?.keepAsRoot(x)
            let root = runtimeClass(of: x).property("rootViewController").flatMap { engine.read(SlotRef(x, $0.slot)) }
            if let root, controllers.shownRoot != root { replaceWindowContent(x, old: nil, new: root) }
            return
        }
        guard cls.isKind(of: "UIViewController") else {
            return runtimeError("show needs a view controller or a window; \(label(x)) is neither", at: range)
        }
        if !controllers.presentations.isEmpty {
            return runtimeError("show: a modal view controller is up; dismiss it before replacing the window's root", at: range)
        }
        if x == controllers.shownRoot { return runtimeError("show: \(label(x)) is already on screen as the window's root", at: range) }
        if let where_ = placement(of: x) { return runtimeError("show: \(label(x)) is \(where_)", at: range) }
        let w = keyWindowMakingOne()
        guard let p = runtimeClass(of: w).property("rootViewController") else { return }
        let old = controllers.shownRoot
        // setRootViewController: retains the new root; the old one is released after the swap.
        engine.retain(x, cause: .store(SlotRef(w, p.slot)))
        replaceWindowContent(w, old: old, new: x)
        guard !crashed else { return }
        engine.store(SlotRef(w, p.slot), x, rule: .adopt, cause: .store(SlotRef(w, p.slot)))
    }

    /// The key window, made (+1, kept by the application as its delegate's `window`
    /// property keeps it) when the scenario has none.
    package func keyWindowMakingOne() -> ObjectID {
        if let w = controllers.keyWindow, engine.isAlive(w) { return w }
        let app = _host!.applicationObject()
        let w = _host!.newObject(of: classes["UIWindow"]!, name: "window")
        engine.adopt(w, by: app)
        note("the application's window: +1, kept by the application delegate's window property; made key and visible")
        controllers.keyWindow = w
        _host?.keepAsRoot(w)
        return w
    }

    /// The key window's content changes from `old`'s view to `new`'s.
    package func replaceWindowContent(_ w: ObjectID, old: ObjectID?, new: ObjectID?) {
        let old = old.flatMap { engine.isAlive($0) ? $0 : nil }
        transition(out: old, in: new) { ov, nv in
            if let v = ov { self.removeFromSuperview(v, w) }
            if let v = nv { self.addSubview(v, to: w) }
        }
        controllers.shownRoot = new
    }

    // MARK: Navigation

    package func requireNavigation(_ nav: ObjectID, _ range: SourceSpan?) -> Bool {
        if classes.isNavigationController(engineClass: engine.classOf(nav)) { return true }
        runtimeError("\(label(nav)) is not a UINavigationController", at: range)
        return false
    }

    /// `push nav c` (V4): the stack retains c; if the navigation controller is on screen, c's
    /// view loads and replaces the old top's. `push tabs c` adds a tab.
    /// Asked of the classes' facts and the stack in place: a push is the commonest command.
    package func push(_ c: ObjectID, onto nav: ObjectID, navRange: SourceSpan?, range: SourceSpan?) {
        let cClass = engine.classOf(c), navClass = engine.classOf(nav)
        guard classes.isUIViewController(engineClass: cClass) else { return runtimeError("\(label(c)) is not a view controller", at: range) }
        if classes.isTabBarController(engineClass: navClass) { return addTab(c, to: nav, range: range) }
        guard requireNavigation(nav, navRange) else { return }
        guard let slot = classes.viewControllersSlot(engineClass: navClass) else { return }
        let stack = SlotRef(nav, slot)
        note("-[UINavigationController pushViewController:animated:] \(shortLabel(c)) onto \(shortLabel(nav))")
        if engine.listContains(stack, c) {
            return engine.raise("*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Pushing the same view controller instance more than once is not supported (\(label(c)))'",
                                object: c, selector: "pushViewController:animated:")
        }
        if classes.isNavigationController(engineClass: cClass) {
            return engine.raise("*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Pushing a navigation controller is not supported'",
                                object: c, selector: "pushViewController:animated:")
        }
        if c == nav { return runtimeError("push: a navigation controller cannot push itself", at: range) }
        if let where_ = placement(of: c) { return runtimeError("push: \(label(c)) is \(where_)", at: range) }
        let oldTop = engine.listLast(stack)
        engine.listAppend(stack, c)
        guard controllers.appearance(of: nav) == .appeared else {
            if oldTop == nil { note("\(shortLabel(c)) is the root of \(shortLabel(nav)); \(shortLabel(nav)) is not on screen, so no view loads yet") }
            else { note("\(shortLabel(nav)) is not on screen: no view loads and no appearance callbacks yet") }
            return
        }
        let navView = viewOf(nav)
        transition(out: oldTop, in: c) { ov, nv in
            if let v = ov { self.removeFromSuperview(v, navView) }
            if let v = nv, let nvw = navView { self.addSubview(v, to: nvw) }
        }
    }

    /// `pop nav`: the top controller leaves the stack, returned autoreleased as
    /// popViewControllerAnimated: returns it; the one below reappears (its view reloads if
    /// a memory warning unloaded it).
    package func pop(_ nav: ObjectID, at range: SourceSpan?) {
        guard let slot = classes.viewControllersSlot(engineClass: engine.classOf(nav)) else { return }
        let stack = SlotRef(nav, slot)
        let list = engine.list(stack)
        guard list.count > 1 else {
            return runtimeError("pop: \(label(nav)) holds \(list.isEmpty ? "no view controller" : "only its root view controller \(label(list[0]))"); popViewControllerAnimated: pops nothing and returns nil", at: range)
        }
        let top = list[list.count - 1], below = list[list.count - 2]
        note("-[UINavigationController popViewControllerAnimated:] on \(shortLabel(nav)): \(shortLabel(top)) leaves the stack")
        takeOffStack(top, stack)
        guard controllers.appearance(of: nav) == .appeared else { return }
        let navView = viewOf(nav)
        transition(out: top, in: below) { ov, nv in
            if let v = ov { self.removeFromSuperview(v, navView) }
            if let v = nv, let nvw = navView { self.addSubview(v, to: nvw) }
        }
    }

    /// The stack releases a popped controller; the caller gets it back autoreleased.
    func takeOffStack(_ c: ObjectID, _ stack: SlotRef) {
        engine.retain(c, cause: CauseNote.returnedByPop.cause)
        engine.autorelease(c, cause: CauseNote.returnedAutoreleased.cause)
        engine.listRemove(stack, c)
    }

    /// `popToRoot nav`: every controller above the root leaves the stack; only the top one
    /// was on screen, so only it gets disappearance callbacks.
    package func popToRoot(_ nav: ObjectID) {
        guard let slot = runtimeClass(of: nav).list("viewControllers") else { return }
        let stack = SlotRef(nav, slot)
        let list = engine.list(stack)
        guard list.count > 1 else { return note("-[UINavigationController popToRootViewControllerAnimated:]: \(shortLabel(nav)) is at its root already; nothing to pop") }
        let top = list[list.count - 1]
        note("-[UINavigationController popToRootViewControllerAnimated:] on \(shortLabel(nav)): \(list.dropFirst().map(shortLabel).joined(separator: ", ")) leave the stack")
        for c in list.dropFirst().reversed() { takeOffStack(c, stack) }
        guard controllers.appearance(of: nav) == .appeared else { return }
        let navView = viewOf(nav)
        transition(out: top, in: list[0]) { ov, nv in
            if let v = ov { self.removeFromSuperview(v, navView) }
            if let v = nv, let nvw = navView { self.addSubview(v, to: nvw) }
        }
    }

    // MARK: Tabs

    package func addTab(_ c: ObjectID, to tabs: ObjectID, range: SourceSpan?) {
        guard let slot = runtimeClass(of: tabs).list("viewControllers") else { return }
        if let where_ = placement(of: c) { return runtimeError("push: \(label(c)) is \(where_)", at: range) }
        let r = SlotRef(tabs, slot)
        note("\(shortLabel(tabs)) gets a new tab: \(shortLabel(c)) (as setViewControllers: with one more)")
        engine.listAppend(r, c)
        if engine.list(r).count == 1 {
            controllers.selectedTab[tabs] = 0
            if controllers.appearance(of: tabs) == .appeared {
                let tv = viewOf(tabs)
                transition(out: nil, in: c) { _, nv in if let v = nv, let t = tv { self.addSubview(v, to: t) } }
            }
        }
    }

    /// `select tabs N` (V4): the tab bar controller shows tab N; the previous tab disappears
    /// and stays alive, its view loaded.
    package func select(_ index: Int, in tabs: ObjectID, tabsRange: SourceSpan?, indexRange: SourceSpan?) {
        guard runtimeClass(of: tabs).isTabBarController else { return runtimeError("\(label(tabs)) is not a UITabBarController", at: tabsRange) }
        let list = childList(tabs)
        guard index >= 0, index < list.count else {
            return runtimeError("select: \(label(tabs)) has \(list.count) tab\(list.count == 1 ? "" : "s"); there is no tab \(index)", at: indexRange)
        }
        let current = controllers.selectedTab[tabs] ?? 0
        note("-[UITabBarController setSelectedIndex:\(index)] on \(shortLabel(tabs))")
        guard index != current else { return note("tab \(index) is already selected: nothing changes") }
        let old = current < list.count ? list[current] : nil
        controllers.selectedTab[tabs] = index
        guard controllers.appearance(of: tabs) == .appeared else { return }
        let tv = viewOf(tabs)
        transition(out: old, in: list[index]) { ov, nv in
            if let v = ov { self.removeFromSuperview(v, tv) }
            if let v = nv, let t = tv { self.addSubview(v, to: t) }
        }
    }

    // MARK: Modal presentation

    /// `present a b` (V4): a retains b as its presentedViewController; b's view covers the
    /// whole window, so what was on screen disappears (its views stay loaded).
    package func present(_ b: ObjectID, from a: ObjectID, presenterRange: SourceSpan?, range: SourceSpan?) {
        guard runtimeClass(of: b).isKind(of: "UIViewController") else { return runtimeError("\(label(b)) is not a view controller", at: range) }
        guard runtimeClass(of: a).isKind(of: "UIViewController") else { return runtimeError("\(label(a)) is not a view controller", at: presenterRange) }
        note("-[\(runtimeClass(of: a).name) presentModalViewController:animated:] \(shortLabel(b)) from \(shortLabel(a))")
        if isOnScreen(b) || controllers.presentations.contains(where: { $0.presented == b }) {
            return engine.raise("*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Application tried to present modally an active controller \(label(b)).'",
                                object: b, selector: "presentModalViewController:animated:")
        }
        if let p = controllers.presentations.first(where: { $0.presenter == a }) {
            return runtimeError("present: \(label(a)) is already presenting \(label(p.presented)); dismiss it first", at: presenterRange)
        }
        guard isOnScreen(a) else {
            return runtimeError("present: \(label(a))'s view is not in the window hierarchy, so it cannot present", at: presenterRange)
        }
        if let where_ = placement(of: b) { return runtimeError("present: \(label(b)) is \(where_)", at: range) }
        guard let w = controllers.keyWindow, let p = runtimeClass(of: a).property("presentedViewController") else { return }
        let covered = controllers.presentations.last?.presented ?? controllers.shownRoot
        guard let covered else { return }
        _host?.storeThroughSetter(p, of: a, to: b, cause: .store(SlotRef(a, p.slot)))
        controllers.presentations.append(Presentation(presenter: a, presented: b, covered: covered))
        transition(out: covered, in: b) { ov, nv in
            if let v = ov { self.removeFromSuperview(v, w) }
            if let v = nv { self.addSubview(v, to: w) }
        }
    }

    /// `dismiss a`: a's presented controller goes (with any it presented in turn); called on
    /// the presented controller itself, it is forwarded to its presenter, as UIKit does.
    package func dismiss(_ a: ObjectID, at range: SourceSpan?) {
        let index = controllers.presentations.firstIndex { $0.presenter == a }
            ?? controllers.presentations.firstIndex { $0.presented == a }
        guard let index else {
            return runtimeError("dismiss: \(label(a)) has presented nothing and was not presented; dismissModalViewControllerAnimated: has nothing to dismiss", at: range)
        }
        let entry = controllers.presentations[index]
        let top = controllers.presentations.last!.presented
        note("-[\(runtimeClass(of: a).name) dismissModalViewControllerAnimated:] on \(shortLabel(a)): \(shortLabel(entry.presented)) goes")
        guard let w = controllers.keyWindow else { return }
        transition(out: top, in: entry.covered) { ov, nv in
            if let v = ov { self.removeFromSuperview(v, w) }
            if let v = nv { self.addSubview(v, to: w) }
        }
        guard !crashed else { return }
        let gone = controllers.presentations[index...].reversed()
        controllers.presentations.removeSubrange(index...)
        for g in gone where engine.isAlive(g.presenter) {
            if let p = runtimeClass(of: g.presenter).property("presentedViewController") {
                _host?.storeThroughSetter(p, of: g.presenter, to: nil, cause: .store(SlotRef(g.presenter, p.slot)))
            }
        }
    }
}
