import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What the second pass needs to know of an object (or a constraint / layout-guide
/// candidate) as first seen, beside the `IBObject` the scanner already made of it.
///
/// The scanner makes each object as the document will hold it, with its raw index, so that
/// reading a document makes one array of objects, not an array of raw nodes and then a copy
/// of it (at a million objects, each was 200 MB, in memory at once and faulted in afresh).
struct IBNodeFacts {
    /// `sceneMemberID="viewController"`, the one value the second pass asks about: a flag,
    /// not the String (the facts of a million objects in 5 MB, not 24).
    var isViewControllerMember = false
    var isCandidate = false
    var isUnknown = false
    var inSubviews = false
    var hasSubviews = false
}

struct IBRawConnection {
    var kind: IBConnectionKind
    var element: String
    var source: Int
    var name: String
    var destinationID: String
    var location: IBLocation
    var eventType: String?
    var segueKind: String?
    var segueIdentifier: String?
}

struct IBRawScene {
    var id: String
    var location: IBLocation
    var objects: [Int] = []
}

/// The single SAX pass over the XML: records objects, candidates, connections and scenes,
/// and the errors that need no look-ahead (document type, duplicate ids, unknown elements).
final class IBScanner: NSObject, XMLParserDelegate, IBElementHandler {
    /// What the children of an open element are, as far as objects go.
    enum Slot: Equatable {
        case document, outside, scenes, scene(Int)
        case topLevel        // <objects>
        case body            // directly inside an object element
        case subviews        // <subviews>
        case collection(String)  // an owned collection wrapper (<items>, <cells>, …)
        case value(String)   // a value or layout element: only candidates and known objects count
        case connections
        case skip
    }

    struct Frame {
        var slot: Slot
        var owner: Int? = nil
        var scene: Int? = nil
        var node: Int? = nil
    }

    let path: String
    // The records below and `positions`, `registered` are written by the extension that
    // adds objects and connections (IBScannerObjects.swift) too: internal, not private.
    var positions: IBSourcePositions

    private(set) var diagnostics: [IBDiagnostic] = []
    /// Objects and candidates in document order, by raw index (`index` and `parent` are raw
    /// indices until the second pass keeps some and numbers them again).
    var objects: [IBObject] = []
    /// The same nodes' facts for the second pass, by raw index.
    var nodeFacts: [IBNodeFacts] = []
    var connections: [IBRawConnection] = []
    var scenes: [IBRawScene] = []
    /// Where an id was first seen, and the object or candidate that has it (the first of
    /// duplicates), if any.
    ///
    /// Twelve bytes where an IBLocation and an `Int?` took thirty-two: at a million ids the
    /// table's values were 32 MB, in memory at the peak of reading. (Lines, columns and
    /// nodes past `Int32.max` would need a document larger than memory; they are clamped.)
    struct IDEntry {
        private var line: Int32
        private var column: Int32
        /// The node + 1; 0 for none.
        private var nodePlusOne: Int32

        init(location: IBLocation, node: Int?) {
            line = Int32(clamping: location.line)
            column = Int32(clamping: location.column)
            nodePlusOne = node.map { Int32(clamping: $0 &+ 1) } ?? 0
        }

        var location: IBLocation { IBLocation(line: Int(line), column: Int(column)) }

        var node: Int? {
            get { nodePlusOne == 0 ? nil : Int(nodePlusOne) - 1 }
            set { nodePlusOne = newValue.map { Int32(clamping: $0 &+ 1) } ?? 0 }
        }
    }

    /// Every id in the object graph, objects or not. One table, not one for ids and one for
    /// objects: at a million objects each probe is a cache miss.
    var ids = IBIDTable<IDEntry>()

    /// The object or candidate with this id (the first of duplicates).
    func node(withID id: String) -> Int? { ids[id]?.node }

    /// Where this id was first seen, on any element.
    func location(ofID id: String) -> IBLocation? { ids[id]?.location }

    /// The index in `ids` of the id the element being started registered (an object's id
    /// is registered just before the object is added).
    var registered: Int?

    private(set) var platform: IBPlatform = .ios
    private(set) var kind: IBDocumentKind = .xib
    private(set) var isDocument = false
    /// The root is `<archive>`: a pre-Xcode 5 archive XIB, for `IBLegacyArchive`.
    private(set) var isLegacyArchive = false
    private(set) var xmlFailed = false
    private(set) var documentLocation: IBLocation?
    private(set) var initialViewControllerID: String?

    /// What an element's name alone says about it, looked up once per distinct name: a
    /// large document has millions of elements and a few dozen names, and each lookup in
    /// `IBElementMap` hashes the name again. Made after the root, so the platform is known.
    struct ElementFacts {
        var candidate: (ios: String, mac: String, collection: String)?
        var isConnection: Bool
        var isNonObject: Bool
        /// `<placeholder>`, `<exit>` or an element of a known class.
        var isKnownObject: Bool
        var isIgnored: Bool
        var mappedClass: (name: String, foreign: Bool)?

        init(_ name: String, platform: IBPlatform) {
            candidate = IBElementMap.candidates[name]
            isConnection = IBElementMap.connectionElements.contains(name)
            isNonObject = IBElementMap.nonObjectElements.contains(name)
            mappedClass = IBElementMap.className(element: name, platform: platform)
            isKnownObject = name == "placeholder" || name == "exit" || IBElementMap.classes[name] != nil
            isIgnored = IBElementMap.ignored.contains(name)
        }
    }

    private var factsByName: [String: ElementFacts] = [:]

    private func facts(_ name: String) -> ElementFacts {
        if let known = factsByName[name] { return known }
        let made = ElementFacts(name, platform: platform)
        factsByName[name] = made
        return made
    }

    private var sawRoot = false
    private(set) var stopped = false
    private var stack: [Frame] = []

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.positions = IBSourcePositions(bytes: bytes)
    }

    /// Reads the document from its bytes (`IBPlainXMLReader`) if it is plain XML as Xcode
    /// writes it; false if it is not, and then this scanner is spent: read the document with
    /// `run(_:)` on a new one.
    func runPlain(_ bytes: [UInt8]) -> Bool {
        // Room for every id at once: growing a table of a million ids rehashes them twenty
        // times, and growing the nodes copies them as often.
        let expected = IBPlainXMLReader.countIDAttributes(bytes)
        ids.reserveCapacity(expected)
        objects.reserveCapacity(expected)
        nodeFacts.reserveCapacity(expected)
        guard IBPlainXMLReader.read(bytes, into: self) else { return false }
        finish()
        return true
    }

    func run(_ data: Data) {
        // From a stream, not `XMLParser(data:)`: given the data, XMLParser hands libxml2 the
        // whole document as one chunk, which it refuses past 10 MB ("internal parser error");
        // a stream is pushed in small chunks, so a document of any size reads.
        let parser = XMLParser(stream: InputStream(data: data))
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = self
        warnAboutExternalEntities()
        let succeeded = parser.parse()
        if !succeeded, !stopped {
            let code = (parser.parserError as NSError?)?.code ?? 0
            fail(code: code, line: parser.lineNumber, column: parser.columnNumber)
        }
        finish()
    }

    private func finish() {
        if !sawRoot, !xmlFailed {
            error("not an Interface Builder document: no root element", at: IBLocation(line: 1, column: 1))
        }
    }

    /// XMLParser never reads an external entity (its policy is `.never`), and on Linux it does
    /// not tell its delegate about their declarations: find them in the document type
    /// declaration, so that `describe` can say they were ignored.
    private func warnAboutExternalEntities() {
        for declaration in positions.externalEntityDeclarations() {
            warning("external entity '\(declaration.name)' (\(declaration.reference)) ignored: "
                    + "nibscript never reads external entities", at: declaration.location)
        }
    }

    // MARK: diagnostics

    func error(_ message: String, at location: IBLocation?) {
        diagnostics.append(.error(message, path: path, at: location))
    }

    func warning(_ message: String, at location: IBLocation?) {
        diagnostics.append(.warning(message, path: path, at: location))
    }

    private func fail(code: Int, line: Int, column: Int) {
        xmlFailed = true
        stopped = true
        let itemLength = positions.markupLength(line: line, column: column)
        error(IBXMLErrors.message(code: code, depth: stack.count, itemLength: itemLength),
              at: IBLocation(line: max(line, 1), column: max(column, 1)))
    }

    // MARK: XMLParserDelegate

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        // Only the first: after it libxml2's recovery (Linux) or silence (macOS) differ, and
        // an abort we asked for is reported here on some platforms too.
        guard !stopped else { return }
        fail(code: (parseError as NSError).code, line: parser.lineNumber, column: parser.columnNumber)
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        guard !stopped else { return }
        let location = positions.elementStart(line: parser.lineNumber, column: parser.columnNumber)
        start(name, attributes: IBAttributes(attributes), at: location)
        if stopped { parser.abortParsing() }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard !stopped else { return }
        endElement()
    }

    // MARK: elements, from either reader

    func startElement(_ name: String, attributes: IBAttributes, atByte offset: Int) {
        start(name, attributes: attributes, at: positions.location(ofByte: offset))
    }

    func endElement() {
        guard let frame = stack.popLast() else { return }
        if let node = frame.node, nodeFacts[node].isUnknown {
            settleUnknown(node)
        }
    }

    private func start(_ name: String, attributes: IBAttributes, at location: IBLocation) {
        guard sawRoot else {
            startRoot(name, attributes: attributes, at: location)
            return
        }
        let frame = stack.last ?? Frame(slot: .skip)
        let id = attributes[.id].flatMap { $0.isEmpty ? nil : $0 }

        switch frame.slot {
        case .document:
            switch name {
            case "objects": push(.topLevel, owner: nil, scene: nil)
            case "scenes": push(.scenes, owner: nil, scene: nil)
            default: push(.outside, owner: nil, scene: nil)
            }
        case .outside, .skip:
            push(frame.slot, owner: frame.owner, scene: frame.scene)
        case .scenes:
            if name == "scene" {
                scenes.append(IBRawScene(id: attributes[.sceneID] ?? "", location: location))
                push(.scene(scenes.count - 1), owner: nil, scene: scenes.count - 1)
            } else {
                push(.outside, owner: nil, scene: nil)
            }
        case .scene(let scene):
            push(name == "objects" ? .topLevel : .outside, owner: nil, scene: scene)
        case .connections:
            register(id, at: location)
            if facts(name).isConnection, let source = frame.owner {
                recordConnection(name, attributes: attributes, source: source, at: location)
            }
            push(.skip, owner: frame.owner, scene: frame.scene)
        case .topLevel, .body, .subviews, .collection, .value:
            register(id, at: location)
            startInObjectArea(name, facts: facts(name), id: id, attributes: attributes, frame: frame, at: location)
        }
    }

    // MARK: structure

    private func push(_ slot: Slot, owner: Int?, scene: Int?, node: Int? = nil) {
        stack.append(Frame(slot: slot, owner: owner, scene: scene, node: node))
    }

    private func register(_ id: String?, at location: IBLocation) {
        registered = nil
        guard let id else { return }
        let (index, inserted) = ids.insert(id, IDEntry(location: location, node: nil))
        registered = index
        if !inserted {
            error("duplicate id '\(id)'; first used on line \(ids[index: index].location.line)", at: location)
        }
    }

    private func startRoot(_ name: String, attributes: IBAttributes, at location: IBLocation) {
        sawRoot = true
        documentLocation = location
        switch name {
        case "document":
            isDocument = true
            readDocumentType(attributes, at: location)
            initialViewControllerID = attributes[.initialViewController].flatMap { $0.isEmpty ? nil : $0 }
            push(.document, owner: nil, scene: nil)
        case "archive":
            // A legacy archive XIB: IBLegacyArchive reads it.
            isLegacyArchive = true
            stopped = true
        default:
            error("not an Interface Builder document: the root element is <\(name)>, expected <document>",
                  at: location)
            stopped = true
        }
    }

    private func readDocumentType(_ attributes: IBAttributes, at location: IBLocation) {
        let runtime = attributes[.targetRuntime]
        var runtimePlatform: IBPlatform?
        if let runtime {
            if runtime.hasPrefix("iOS") || runtime == "AppleTV" {
                runtimePlatform = .ios
            } else if runtime.hasPrefix("MacOSX") {
                runtimePlatform = .mac
            } else if !runtime.lowercased().hasPrefix("watch") {
                warning("unknown targetRuntime '\(runtime)'", at: location)
            }
        }

        guard let type = attributes[.type] else {
            error("the document has no type attribute; expected an Interface Builder document type "
                  + "such as com.apple.InterfaceBuilder3.CocoaTouch.XIB", at: location)
            platform = runtimePlatform ?? .ios
            return
        }
        let known: (IBPlatform, IBDocumentKind)?
        switch type {
        // Xcode 5 and 6 wrote iPad-only xibs with a type of their own.
        case "com.apple.InterfaceBuilder3.CocoaTouch.XIB", "com.apple.InterfaceBuilder3.CocoaTouch.iPad.XIB":
            known = (.ios, .xib)
        case "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB": known = (.ios, .storyboard)
        case "com.apple.InterfaceBuilder3.Cocoa.XIB": known = (.mac, .xib)
        case "com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB": known = (.mac, .storyboard)
        case "com.apple.InterfaceBuilder.AppleTV.XIB", "com.apple.InterfaceBuilder.AppleTV.Storyboard":
            // tvOS is UIKit: read it with the iOS classes, but say so.
            warning("tvOS document read as an iOS (UIKit) document", at: location)
            known = (.ios, type.hasSuffix("Storyboard") ? .storyboard : .xib)
        default: known = nil
        }
        guard let known else {
            error("unknown document type '\(type)'; expected com.apple.InterfaceBuilder3.CocoaTouch.XIB, "
                  + "com.apple.InterfaceBuilder3.CocoaTouch.iPad.XIB, com.apple.InterfaceBuilder3.Cocoa.XIB "
                  + "or their .Storyboard.XIB forms", at: location)
            platform = runtimePlatform ?? .ios
            kind = type.contains("Storyboard") ? .storyboard : .xib
            return
        }
        let typePlatform = known.0
        platform = typePlatform
        kind = known.1
        if let runtime {
            if let runtimePlatform, runtimePlatform != typePlatform {
                error("targetRuntime '\(runtime)' contradicts the document type '\(type)' "
                      + "(\(typePlatform.displayName))", at: location)
            } else if runtimePlatform == nil, runtime.lowercased().hasPrefix("watch") {
                error("targetRuntime '\(runtime)' (watchOS) contradicts the document type '\(type)'",
                      at: location)
            }
        }
    }

    private func startInObjectArea(_ name: String, facts: ElementFacts, id: String?, attributes: IBAttributes,
                                   frame: Frame, at location: IBLocation) {
        if name == "connections", frame.slot == .body {
            push(.connections, owner: frame.owner, scene: frame.scene)
            return
        }
        if let candidate = facts.candidate {
            if let id, let owner = frame.owner {
                let className = platform == .ios ? candidate.ios : candidate.mac
                addNode(IBObject(index: objects.count, id: id, element: name, className: className, customClass: nil,
                                 userLabel: attributes[.userLabel], placeholderIdentifier: nil,
                                 parent: owner, relationship: .collection(candidate.collection),
                                 scene: frame.scene, location: location, displayName: "",
                                 attributes: kept(attributes)),
                        IBNodeFacts(isCandidate: true))
            }
            push(.skip, owner: frame.owner, scene: frame.scene)
            return
        }
        if let id, isObject(facts, slot: frame.slot) {
            let node = addObject(name, mappedClass: facts.mappedClass, id: id, attributes: attributes,
                                 frame: frame, at: location)
            push(.body, owner: node, scene: frame.scene, node: node)
            return
        }
        if name == "subviews", frame.slot == .body, let owner = frame.owner {
            nodeFacts[owner].hasSubviews = true
            push(.subviews, owner: owner, scene: frame.scene)
            return
        }
        let next: Slot
        if facts.isIgnored {
            next = .value(name)
        } else {
            switch frame.slot {
            case .body: next = attributes[.key] != nil ? .value(name) : .collection(name)
            case .collection, .subviews, .value: next = frame.slot  // transparent (<column> in a matrix's <cells>)
            default: next = .value(name)
            }
        }
        push(next, owner: frame.owner, scene: frame.scene)
    }

    private func isObject(_ facts: ElementFacts, slot: Slot) -> Bool {
        if facts.isNonObject { return false }
        if facts.isKnownObject { return true }
        // An unknown element with an id is an object only where objects sit.
        switch slot {
        case .topLevel, .subviews, .collection, .body: return true
        default: return false
        }
    }

    func kept(_ attributes: IBAttributes) -> [(String, String)] {
        // In the kept attributes' order, not the document's (nor XMLParser's dictionary's,
        // which differs from run to run).
        var found: [(attribute: IBAttribute, value: String)] = []
        for pair in attributes.pairs where pair.attribute.isKept { found.append(pair) }
        if found.count > 1 { found.sort { $0.attribute.rawValue < $1.attribute.rawValue } }
        return found.map { ($0.attribute.name, $0.value) }
    }
}
