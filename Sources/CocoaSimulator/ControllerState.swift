import OwnershipEngine

/// Where a controller stands in its appearance cycle (V3). UIKit sends the four appearance
/// callbacks in a fixed cycle; `Lifecycle.table` says which callback may come in which state.
// Appearance, Callback and the lifecycle check are `public` and `@inlinable` where the
// interpreter asks them at every callback it sends: a `package` function is not inlined in
// another module (docs/architecture.md). They are no part of the documented API.

public enum Appearance: String {
    case disappeared, appearing, appeared, disappearing

    /// The state's bit in a set of states (`Lifecycle.Check.from`).
    @inlinable public var bit: UInt8 {
        switch self {
        case .disappeared: return 1
        case .appearing: return 2
        case .appeared: return 4
        case .disappearing: return 8
        }
    }
}

/// The lifecycle callbacks a controller receives from UIKit or AppKit, by the name a script
/// uses for them (the selector up to its first colon).
public enum Callback: String, CaseIterable {
    case initialize = "init"
    case initWithNibName, initWithCoder, awakeFromNib
    case loadView, viewDidLoad
    case viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear
    case didReceiveMemoryWarning, viewWillUnload, viewDidUnload
    case loadWindow, windowDidLoad
    case dealloc

    /// The selectors a class may implement it under, the real one first.
    package var selectors: [String] {
        switch self {
        case .initWithNibName: return ["initWithNibName:bundle:", "initWithNibName:", "initWithNibName"]
        case .initWithCoder: return ["initWithCoder:", "initWithCoder"]
        case .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear:
            return [rawValue + ":", rawValue]
        default: return [rawValue]
        }
    }

    /// The callback a selector written in a script stands for.
    package static func named(_ selector: String) -> Callback? {
        // The initializers the interpreter itself sends at every `new` of a controller,
        // recognized without splitting the selector.
        switch selector {
        case "init": return .initialize
        case "initWithNibName:bundle:": return .initWithNibName
        case "initWithCoder:": return .initWithCoder
        default: break
        }
        guard let colon = selector.utf8.firstIndex(of: UInt8(ascii: ":")) else { return Callback(rawValue: selector) }
        return colon == selector.startIndex ? nil : Callback(rawValue: String(selector[..<colon]))
    }

    package static var names: [String] { allCases.map(\.rawValue) }

    /// Its index in `allCases`, by a switch: it is asked for every callback sent (to find its
    /// rule and the script's override), and searching `allCases` cost more than the callback.
    /// A test checks it against `allCases`.
    @inlinable public var index: Int {
        switch self {
        case .initialize: return 0
        case .initWithNibName: return 1
        case .initWithCoder: return 2
        case .awakeFromNib: return 3
        case .loadView: return 4
        case .viewDidLoad: return 5
        case .viewWillAppear: return 6
        case .viewDidAppear: return 7
        case .viewWillDisappear: return 8
        case .viewDidDisappear: return 9
        case .didReceiveMemoryWarning: return 10
        case .viewWillUnload: return 11
        case .viewDidUnload: return 12
        case .loadWindow: return 13
        case .windowDidLoad: return 14
        case .dealloc: return 15
        }
    }
}

/// The transition table of a view controller's lifecycle: for each callback, the states it
/// may be sent in and the state it leads to. The simulator checks every callback it sends
/// against it, so a wrong order is an error with a line number, never a silent wrong trace.
public enum Lifecycle {
    package struct Rule {
        /// Whether the view must be loaded (true), must not be (false), or either (nil).
        var viewLoaded: Bool?
        /// The appearance states it may come in (nil: any).
        var from: [Appearance]?
        /// The appearance state after it (nil: unchanged).
        var to: Appearance?
    }

    /// The rule for a callback, without hashing it.
    package static func rule(for c: Callback) -> Rule? {
        let i = c.index
        return i < rules.count ? rules[i] : nil
    }
    private static let rules: [Rule?] = Callback.allCases.map { table[$0] }

    /// A rule as plain data, checked at every callback sent: a `Rule` holds an array, and
    /// taking one out of the table retained and released it each time.
    public struct Check {
        /// 1: the view must be loaded, 0: must not be, -1: either.
        @usableFromInline let viewLoaded: Int8
        /// Bit `state.bit`: the callback may come in that appearance state (all bits: any).
        @usableFromInline let from: UInt8
        /// The state after it; nil: unchanged.
        public let to: Appearance?

        init(_ r: Rule) {
            viewLoaded = r.viewLoaded.map { $0 ? 1 : 0 } ?? -1
            from = r.from.map { $0.reduce(0) { $0 | $1.bit } } ?? 0xFF
            to = r.to
        }

        @inlinable public func allows(viewLoaded loaded: Bool) -> Bool { viewLoaded < 0 || (viewLoaded == 1) == loaded }
        @inlinable public func allows(_ state: Appearance) -> Bool { from & state.bit != 0 }
    }

    /// The check for a callback, if the table has a rule for it.
    @inlinable public static func check(for c: Callback) -> Check? {
        let i = c.index
        return i < checks.count ? checks[i] : nil
    }
    @usableFromInline static let checks: [Check?] = rules.map { $0.map(Check.init) }

    package static let table: [Callback: Rule] = [
        .loadView: Rule(viewLoaded: false, from: nil, to: nil),
        .viewDidLoad: Rule(viewLoaded: true, from: nil, to: nil),
        .viewWillAppear: Rule(viewLoaded: true, from: [.disappeared], to: .appearing),
        .viewDidAppear: Rule(viewLoaded: true, from: [.appearing], to: .appeared),
        .viewWillDisappear: Rule(viewLoaded: true, from: [.appeared], to: .disappearing),
        .viewDidDisappear: Rule(viewLoaded: true, from: [.disappearing], to: .disappeared),
        .viewWillUnload: Rule(viewLoaded: true, from: [.disappeared], to: nil),
        .viewDidUnload: Rule(viewLoaded: false, from: [.disappeared], to: nil),
        .didReceiveMemoryWarning: Rule(viewLoaded: nil, from: nil, to: nil),
    ]

    /// A line of the table in words, for docs and error messages.
    package static func describe(_ c: Callback) -> String {
        guard let r = table[c] else { return "\(c.rawValue): any time" }
        var parts: [String] = []
        if let v = r.viewLoaded { parts.append(v ? "the view loaded" : "the view not loaded") }
        if let f = r.from { parts.append("the controller " + f.map(\.rawValue).sorted().joined(separator: " or ")) }
        return "\(c.rawValue) needs " + parts.joined(separator: " and ")
    }
}

/// A modal presentation: `presenter` holds `presented` in its presentedViewController;
/// `covered` is the controller whose subtree it hid (the window's root, or the previous modal).
package struct Presentation {
    package var presenter: ObjectID
    package var presented: ObjectID
    package var covered: ObjectID

    package init(presenter: ObjectID, presented: ObjectID, covered: ObjectID) {
        self.presenter = presenter
        self.presented = presented
        self.covered = covered
    }
}

/// One recorded callback: the controller, the callback, and the line of the statement
/// that was running (0 in a world driven from Swift).
public struct CallbackRecord: Equatable {
    public var object: ObjectID
    public var callback: Callback
    public var line: Int

    package init(object: ObjectID, callback: Callback, line: Int) {
        self.object = object
        self.callback = callback
        self.line = line
    }
}
