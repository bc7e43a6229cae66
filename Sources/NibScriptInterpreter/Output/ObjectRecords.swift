import OwnershipEngine

/// An object as every output names it: its number in its scenario (the `#n` of the text),
/// its class and its name. The JSON outputs write it as `{"id": 7, "class": "UILabel",
/// "name": "title"}` wherever an object appears, so a program reads one shape everywhere.
public struct ObjectRef: Equatable, Sendable {
    public var id: Int
    public var className: String
    public var name: String

    public init(id: Int, className: String, name: String) {
        self.id = id
        self.className = className
        self.name = name
    }

    /// The text's label: `UILabel title#7`.
    public var label: String { "\(className) \(name)#\(id)" }
}

/// An object a summary lists (leaked, abandoned, sent a zombie message), with its retain
/// count at the end and the summary's words for it.
public struct ObjectRecord: Equatable, Sendable {
    public var object: ObjectRef
    public var count: Int
    public var text: String

    public init(object: ObjectRef, count: Int, text: String) {
        self.object = object
        self.count = count
        self.text = text
    }
}

/// A reference still pointing at a deallocated object at the end of a scenario (O10).
public struct DanglingRecord: Equatable, Sendable {
    /// The object holding the reference; nil when it is one of the scenario's variables.
    public var holder: ObjectRef?
    /// The property's name (or the ivar's, or the variable's).
    public var reference: String
    public var target: ObjectRef
    /// The line of the statement that deallocated the target.
    public var deallocatedAt: Int
    /// The summary's words: `o#1.label → UILabel l#2 (deallocated at line 9)`.
    public var text: String
}

/// The crash that stopped a scenario.
public struct CrashRecord: Equatable, Sendable {
    public var line: Int
    public var message: String
    /// The object messaged, when the crash is a message to one (a zombie, an unknown key).
    public var object: ObjectRef?
    public var selector: String?
    /// The summary's words: `line 12: *** -[UILabel release]: message sent to …`.
    public var text: String
}

/// A warning the run gave (an incomplete dealloc, an impossible order it went past).
public struct WarningRecord: Equatable, Sendable {
    public var line: Int
    public var text: String
    /// The summary's words: `line 12: …`.
    public var summaryText: String { "line \(line): \(text)" }
}

extension ScenarioRun {
    package func objectRef(_ o: ObjectID) -> ObjectRef {
        ObjectRef(id: engine.number(o), className: engine.className(engine.classOf(o)), name: engine.name(o))
    }

    package func objectRecord(_ o: ObjectID) -> ObjectRecord {
        let ref = objectRef(o)
        return ObjectRecord(object: ref, count: engine.count(o), text: ref.label)
    }

    package func danglingRecords() -> [DanglingRecord] {
        engine.danglingReferences().map { d in
            let holder = engine.isHidden(d.slot.holder) ? nil : objectRef(d.slot.holder)
            return DanglingRecord(holder: holder, reference: referenceName(d.slot), target: objectRef(d.target),
                                  deallocatedAt: deallocLine(d.target),
                                  text: "\(placeLabel(d.slot)) → \(label(d.target)) (deallocated at line \(deallocLine(d.target)))")
        }
    }

    package func crashRecord() -> CrashRecord? {
        guard let c = engine.crash else { return nil }
        let line = crashLine ?? 0
        return CrashRecord(line: line, message: c.message, object: c.object.map(objectRef),
                           selector: c.object == nil || c.selector.isEmpty ? nil : c.selector,
                           text: "line \(line): \(c.message)")
    }
}
