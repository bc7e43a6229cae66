import Foundation
import SourceImport

// A second click (rule B1): every action, delegate method and notification handler is sent
// twice in its scenario, as the user or the framework would. A method that stores a new
// object into a retained member without releasing the one there (`alarm = [[Alarm alloc]
// init];`, `objects = [[self makeToolbar] retain];`) leaks the first at the second send: the
// finding names that assignment, and its fix is the release on the line before it.
extension NibAuditor {
    /// Words of a second send's leak (the findings a second click's run keeps).
    static let secondSend = "sent a second time"
    /// And the words that say nothing releases the last one (a `dealloc` edit is owed).
    static let lastUnreleased = "; and nothing releases the last"

    /// The class and selector the second-click scenario titled `scenario` sends (an explored one's title
    /// has its warning after it): the longest title that starts it, so the answer never
    /// depends on the dictionary's order.
    func sentStep(_ scenario: String) -> (String, String)? {
        secondClicks.filter { scenario.hasPrefix($0.key) }.max { $0.key.count < $1.key.count }?.value
    }

    /// The statement of `sel` (in `cls` or a superclass the sources define), or of a helper
    /// it calls with `[self …]` (four deep, as the lowering inlines them), that stores a new
    /// object into the member through its ivar (`x = [[X alloc] init…]`, `x = [[… ] retain]`).
    /// A store through a retaining setter releases the old value itself: not this defect.
    func assignment(of m: ImportedMember, cls: String, sel: String) -> (ImportedMethod, ImportedStatement)? {
        func method(_ s: String) -> ImportedMethod? {
            var k: String? = cls
            var seen = Set<String>()
            while let n = k, seen.insert(n).inserted, let c = project[n] {
                if let h = c.helper(s) ?? c.method(s) { return h }
                k = c.superclass
            }
            return nil
        }
        var todo = [(sel, 0)]
        var seen = Set<String>()
        while !todo.isEmpty {
            let (s, depth) = todo.removeFirst()
            guard seen.insert(s).inserted, let h = method(s) else { continue }
            for st in h.statements {
                switch st.kind {
                case .setNew(let x, _, false, false) where x == m.name || x == m.ivarName: return (h, st)
                case .callSelf(let next) where depth < 4: todo.append((next, depth + 1))
                default: break
                }
            }
        }
        return nil
    }
}

extension NibAuditor {
    /// Methods Cocoa sends once per object, by contract: made (`init…`, `initWithCoder:`,
    /// `awakeAfterUsingCoder:`), loaded from a nib or given its view or window (`awakeFromNib`,
    /// `loadView`, `viewDidLoad`, `loadWindow`, `windowWillLoad`, `windowDidLoad`,
    /// NSDocument's `makeWindowControllers` and `windowController…LoadNib:`,
    /// NSPreferencePane's `loadMainView`, `assignMainView`, `mainViewDidLoad`), launched and
    /// terminated (the application delegate's), gone (`dealloc`, `finalize`). Never a second
    /// click's (B1): neither sent twice for a second store nor for a guarded load.
    static let sentOnce: Set<String> = [
        "applicationWillFinishLaunching:", "applicationDidFinishLaunching:", "application:didFinishLaunchingWithOptions:",
        "application:willFinishLaunchingWithOptions:", "applicationWillTerminate:", "applicationShouldTerminate:",
        "windowControllerWillLoadNib:", "windowControllerDidLoadNib:", "makeWindowControllers",
        "awakeFromNib", "awakeAfterUsingCoder:", "loadView", "viewDidLoad", "loadWindow", "windowWillLoad", "windowDidLoad",
        "loadMainView", "assignMainView", "mainViewDidLoad", "dealloc", "finalize", ".cxx_destruct",
    ]

    /// Whether Cocoa sends `sel` once per object (`sentOnce`, or an initializer).
    static func isSentOnce(_ sel: String) -> Bool {
        if sentOnce.contains(sel) { return true }
        // `init`, `initWithFrame:`, `initWithNibName:bundle:`; not `initialize…`-like words
        // of the code's own (`initialStateChanged:`).
        guard sel.hasPrefix("init") else { return false }
        let rest = sel.dropFirst(4)
        return rest.isEmpty || rest.first == ":" || rest.first?.isUppercase == true
    }

    /// The members whose object `sel` stores and that a second send of it would overwrite:
    /// stored through the ivar (`assignment(of:…)`), and given up by no method of the class
    /// other than `dealloc`/`viewDidUnload` and `sel` itself. A member another method releases
    /// (`-hudWasHidden:` releasing the HUD `-showSimple:` made, `-reflattenLayers:` the overlay
    /// `-explodeLayers:` made) is managed in pairs the text cannot order: not claimed.
    func overwrittenMembers(cls: String, sel: String) -> [ImportedMember] {
        // An action takes its sender, a delegate or notification method its object: a method
        // with no argument (`-completeLogin`, `-windowWillLoad`) is the code's own step, or a
        // lifecycle one, sent once.
        guard sel.contains(":"), !Self.isSentOnce(sel), let c = project[cls] else { return [] }
        // So is one whose first argument is no object (`-restoreAndLoadTimeline:(BOOL)load`,
        // `-showPage:(int)n`): no sender, no delegating object, no notification; the code
        // calls it with a value of its own, as often as its own logic says (TwitterFon's
        // timeline controllers, each set up once by the application delegate).
        if let m = c.method(sel) ?? c.helper(sel), !m.argumentTypes.isEmpty, !m.firstArgumentIsObject { return [] }
        return c.members.filter { m in
            assignment(of: m, cls: cls, sel: sel) != nil && !releasedOutside(m, in: cls, except: ["dealloc", "viewDidUnload", sel])
        }
    }

    /// Whether a method of `cls` (or a superclass the sources define) not in `except` releases
    /// the member: a release, an autorelease, or a nil through its setter.
    func releasedOutside(_ m: ImportedMember, in cls: String, except: Set<String>) -> Bool {
        let names: Set<String> = [m.name, m.ivarName, "self." + m.name]
        var k: ImportedClass? = project[cls]
        var seen = Set<String>()
        while let c = k, seen.insert(c.name).inserted {
            for method in c.methods + c.helpers where !except.contains(method.selector) {
                for st in method.statements {
                    switch st.kind {
                    case .release(let x), .autorelease(let x): if names.contains(x) { return true }
                    case .setNil(let x, true): if m.isProperty && names.contains(x) { return true }
                    default: break
                    }
                }
            }
            k = c.superclass.flatMap { project[$0] }
        }
        return false
    }
}
