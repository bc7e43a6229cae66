import Foundation

// The scanner's records of what it found (IBScanner.swift reads the elements): each object
// or candidate as the document will hold it, with its class settled, and each connection
// as first seen, for the second pass (IBReader.swift) to resolve.
extension IBScanner {
    /// Adds `node` (its `index` the next raw index), its display name made here.
    @discardableResult
    func addNode(_ node: IBObject, _ nodeFacts: IBNodeFacts) -> Int {
        var node = node
        node.displayName = IBAssembler.displayName(userLabel: node.userLabel, placeholderIdentifier: node.placeholderIdentifier,
                                                   element: node.element, id: node.id)
        let index = objects.count
        node.index = index
        objects.append(node)
        self.nodeFacts.append(nodeFacts)
        // The first of duplicates keeps the id. Every object's id was registered just before,
        // so its entry is at hand without a probe.
        let entry = registered.flatMap { ids.keys[$0] == node.id ? $0 : nil }
            ?? ids.insert(node.id, IDEntry(location: node.location, node: nil)).index
        if ids[index: entry].node == nil { ids[index: entry].node = index }
        return index
    }

    /// Drops the text, the ids and the nodes' facts, once the second pass has taken what it
    /// needs from them.
    func dropReadingState() {
        positions = IBSourcePositions(bytes: [])
        ids = IBIDTable()
        nodeFacts = []
    }

    /// Hands the objects to the second pass, which numbers them again in place: the scanner
    /// keeps none, so the array is not copied.
    func takeObjects() -> [IBObject] {
        defer { objects = [] }
        return objects
    }

    func addObject(_ name: String, mappedClass: (name: String, foreign: Bool)?, id: String,
                           attributes: IBAttributes, frame: Frame, at location: IBLocation) -> Int {
        let key = attributes[.key]
        // Without an owning object (e.g. wrapped in something unknown inside <objects>), it is top level.
        let topLevel = frame.slot == .topLevel || frame.owner == nil
        let relationship: IBRelationship
        switch frame.slot {
        case _ where topLevel: relationship = .topLevel
        case .subviews: relationship = .subview
        case .collection(let wrapper): relationship = .collection(wrapper)
        case .value(let wrapper): relationship = key.map { .property($0) } ?? .collection(wrapper)
        default:
            // Older Mac xibs put a clip view's document view straight inside it, unkeyed.
            let clipView = frame.owner.map { objects[$0].element == "clipView" } ?? false
            relationship = key.map { .property($0) } ?? (clipView ? .subview : .collection("children"))
        }
        let sceneMemberID = attributes[.sceneMemberID]
        var customClass = attributes[.customClass].flatMap { $0.isEmpty ? nil : $0 }
        var placeholder: String?
        var className: String
        var unknown = false

        if name == "placeholder" {
            placeholder = attributes[.placeholderIdentifier] ?? ""
            switch placeholder {
            case IBElementMap.firstResponderIdentifier: className = IBElementMap.responderClass(platform)
            default: className = "NSObject"
            }
        } else if name == "exit" || sceneMemberID == "exit" {
            placeholder = IBElementMap.exitIdentifier
            className = "NSObject"
        } else if name == "application" {
            // A Mac storyboard's application scene stands for NSApp, which the storyboard does not create.
            placeholder = IBElementMap.applicationIdentifier
            className = "NSApplication"
        } else if sceneMemberID == "firstResponder" {
            placeholder = IBElementMap.firstResponderIdentifier
            className = IBElementMap.responderClass(platform)
        } else if name == "customObject", platform == .mac, frame.slot == .topLevel,
                  let special = Self.macProxy(id: id) {
            placeholder = special.identifier
            className = special.className
        } else if let mapped = mappedClass {
            className = mapped.name
            if mapped.foreign {
                warning("element '\(name)' is not a \(platform.displayName) element; treated as \(className)",
                        at: location)
            }
        } else {
            unknown = true
            className = frame.slot == .subviews ? IBElementMap.baseViewClass(platform) : "NSObject"
        }
        // IB's pseudo-classes for the proxies say nothing about the object at run time.
        if placeholder == IBElementMap.firstResponderIdentifier, customClass == "FirstResponder" {
            customClass = nil
        }
        if placeholder == IBElementMap.applicationIdentifier, customClass == "NSObject" {
            customClass = nil
        }

        let node = IBObject(index: objects.count, id: id, element: name, className: className, customClass: customClass,
                            userLabel: attributes[.userLabel], placeholderIdentifier: placeholder,
                            parent: topLevel ? nil : frame.owner, relationship: relationship,
                            scene: frame.scene, location: location, displayName: "", attributes: kept(attributes))
        let index = addNode(node, IBNodeFacts(isViewControllerMember: sceneMemberID == "viewController", isUnknown: unknown,
                                              inSubviews: frame.slot == .subviews))
        if topLevel, let scene = frame.scene, scenes.indices.contains(scene) {
            scenes[scene].objects.append(index)
        }
        return index
    }

    /// Mac xibs write File's Owner, First Responder and Application as customObjects with these ids.
    static func macProxy(id: String) -> (identifier: String, className: String)? {
        switch id {
        case "-2": return (IBElementMap.filesOwnerIdentifier, "NSObject")
        case "-1": return (IBElementMap.firstResponderIdentifier, "NSResponder")
        case "-3": return (IBElementMap.applicationIdentifier, "NSApplication")
        default: return nil
        }
    }

    func settleUnknown(_ index: Int) {
        let node = objects[index], nodeFacts = self.nodeFacts[index]
        let className: String
        if nodeFacts.inSubviews || nodeFacts.hasSubviews {
            className = IBElementMap.baseViewClass(platform)
        } else if nodeFacts.isViewControllerMember {
            className = IBElementMap.viewControllerClass(platform)
        } else {
            className = "NSObject"
        }
        objects[index].className = className
        warning("unknown element '\(node.element)'; treated as \(className)", at: node.location)
    }

    func recordConnection(_ name: String, attributes: IBAttributes, source: Int, at location: IBLocation) {
        let kind: IBConnectionKind
        var label: String?
        var destination = attributes[.destination]
        var segueKind: String?
        var segueIdentifier: String?
        switch name {
        case "outlet":
            kind = .outlet
            label = attributes[.property]
        case "outletCollection":
            kind = .outletCollection
            label = attributes[.property]
        case "action":
            kind = .action
            label = attributes[.selector]
            // Mac xibs name the target "target"; iOS ones "destination".
            destination = destination ?? attributes[.target]
        default:
            kind = .segue
            segueKind = attributes[.kind]
            segueIdentifier = attributes[.identifier].flatMap { $0.isEmpty ? nil : $0 }
            if segueKind == "relationship" {
                label = "relationship:" + (attributes[.relationship] ?? "")
            } else {
                label = segueIdentifier ?? segueKind
            }
        }
        guard let label, !label.isEmpty else {
            let needed = kind == .action ? "selector" : (kind == .segue ? "kind" : "property")
            error("<\(name)> without a \(needed) attribute", at: location)
            return
        }
        guard let destination, !destination.isEmpty else {
            error("\(name) '\(label)' has no destination", at: location)
            return
        }
        connections.append(IBRawConnection(kind: kind, element: name, source: source, name: label,
                                           destinationID: destination, location: location,
                                           eventType: kind == .action ? attributes[.eventType] : nil,
                                           segueKind: segueKind, segueIdentifier: segueIdentifier))
    }
}
