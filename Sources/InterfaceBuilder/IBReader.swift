import FileBytes
import Foundation

public enum IBReader {
    /// Reads a .xib or .storyboard file. `displayPath` (default: `path`) is what messages show.
    public static func read(path: String, displayPath: String? = nil) -> Result<IBDocument, IBReadFailure> {
        let shown = displayPath ?? path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return failure("no such file", path: shown)
        }
        if isDirectory.boolValue, path.hasSuffix(".nib") || path.hasSuffix(".nib/") {
            // A bundle folder: Interface Builder's own document is its designable.nib, a XIB.
            switch classify(path: path) {
            case .nibBundleDesignable(let designable):
                return read(path: designable, displayPath: (shown as NSString).appendingPathComponent(designableNibName))
            case .compiledArchive(let archive):
                // A compiled nib: its keyedobjects.nib, or an iOS folder's runtime.nib (see `IBCompiledNib`).
                return read(path: archive, displayPath: (shown as NSString).appendingPathComponent((archive as NSString).lastPathComponent))
            default:
                break
            }
            if FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent("objects.nib")) {
                return failure("a nib bundle of Mac OS X 10.1 or earlier (objects.nib, an NSArchiver typedstream, "
                               + "without keyedobjects.nib or designable.nib): not read; give the .xib it was compiled from",
                               path: shown)
            }
            return failure("a compiled nib bundle without keyedobjects.nib or designable.nib: nothing to read; "
                           + "give the .xib it was compiled from", path: shown)
        }
        if isDirectory.boolValue {
            return failure("is a directory, not an Interface Builder document", path: shown)
        }
        // The bytes only, read into the array the reader scans (see `FileBytes`): a regular
        // file, within FileBytes' size limit.
        switch FileBytes.read(atPath: path) {
        case .success(let bytes):
            return read(bytes: consume bytes, path: shown)
        case .failure(let reason):
            return failure("cannot read the file: \(reason)", path: shown)
        }
    }

    /// Reads a document from memory; `path` is used in messages and kept in the document.
    public static func read(data: Data, path: String) -> Result<IBDocument, IBReadFailure> {
        read(bytes: [UInt8](data), path: path)
    }

    /// `bytes` are consumed: the document is put together without them in memory.
    static func read(bytes: consuming [UInt8], path: String) -> Result<IBDocument, IBReadFailure> {
        // A binding of its own (a consuming parameter is never copied implicitly), ended
        // once the document's text is no longer needed.
        let text = consume bytes
        if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return failure("empty file: not an Interface Builder document", path: path,
                           at: IBLocation(line: 1, column: 1))
        }
        if text.starts(with: Array("NIBArchive".utf8)) {
            // An iOS compiled nib (ibtool for iOS 6 and later).
            return IBCompiledNib.read(nibArchive: text, path: path)
        }
        if isPropertyList(text.prefix(sniffedBytes)) {
            // A compiled Mac nib: an NSKeyedArchiver archive, binary or XML.
            return IBCompiledNib.read(data: Data(text), path: path)
        }
        var scanner = IBScanner(path: path, bytes: text)
        if !scanner.runPlain(text) {
            // XMLParser reads the rest: never a processing instruction without data (see `IBXMLGuard`).
            let guarded = IBXMLGuard.prepare(text)
            scanner = IBScanner(path: path, bytes: guarded)
            scanner.run(Data(guarded))
        }
        if scanner.isLegacyArchive {
            let guarded = IBXMLGuard.prepare(text)
            return IBLegacyArchive.read(data: Data(guarded), bytes: guarded, path: path)
        }
        _ = consume text
        return IBAssembler(scanner: scanner, path: path).assemble()
    }

    private static func failure(_ message: String, path: String, at location: IBLocation? = nil)
        -> Result<IBDocument, IBReadFailure> {
        .failure(IBReadFailure(diagnostics: [.error(message, path: path, at: location)]))
    }
}

/// The second pass: keeps the candidates that connections point at, gives every kept object
/// its dense index, and resolves connections, scenes and the initial view controller.
struct IBAssembler {
    let scanner: IBScanner
    let path: String

    func assemble() -> Result<IBDocument, IBReadFailure> {
        var diagnostics = scanner.diagnostics
        // A truncated or foreign document would only add noise: ids defined after the
        // break would all look dangling.
        guard scanner.isDocument, !scanner.xmlFailed else {
            return .failure(IBReadFailure(diagnostics: Self.ordered(diagnostics)))
        }
        var nodeFacts = scanner.nodeFacts

        var keep = nodeFacts.map { !$0.isCandidate }
        var resolved: [(IBRawConnection, Int)] = []
        for connection in scanner.connections {
            if let target = scanner.node(withID: connection.destinationID) {
                keep[target] = true
                resolved.append((connection, target))
            } else {
                let what = "\(connection.element) '\(connection.name)'"
                var message = "\(what) has a dangling destination '\(connection.destinationID)': "
                if let elsewhere = scanner.location(ofID: connection.destinationID) {
                    message += "the element with that id (line \(elsewhere.line)) is not an object"
                } else {
                    message += "no element has that id"
                }
                diagnostics.append(.error(message, path: path, at: connection.location))
            }
        }

        // The scanner's objects become the document's: the kept ones moved down in place
        // and numbered again (all of them, and nothing moves, in a xib without constraints).
        var objects = scanner.takeObjects()
        // By raw index: where a kept node went, -1 for one that dropped out (four bytes a
        // node: at a million, 4 MB of fresh pages, not 16).
        var newIndex = [Int32](repeating: -1, count: objects.count)
        func newPosition(_ raw: Int) -> Int? { newIndex[raw] < 0 ? nil : Int(newIndex[raw]) }
        // Scene controllers are found among the raw nodes, before any moves.
        let controllers = scanner.scenes.map { scene in
            scene.objects.first { raw in
                guard objects[raw].placeholderIdentifier == nil else { return false }
                return IBElementMap.controllerElements.contains(objects[raw].element)
                    || (nodeFacts[raw].isViewControllerMember && objects[raw].element != "application")
            }
        }
        var kept = 0
        for raw in objects.indices where keep[raw] {
            newIndex[raw] = Int32(truncatingIfNeeded: kept)
            // Until a node drops out, every object stands where it was made, its index and
            // its parent's right: nothing to write (a xib of a million views is not walked
            // a second time).
            if raw != kept {
                // Parents are always objects, which are always kept and come earlier.
                let parent = objects[raw].parent.flatMap(newPosition)
                objects.swapAt(raw, kept)
                objects[kept].index = kept
                objects[kept].parent = parent
            }
            kept += 1
        }
        objects.removeLast(objects.count - kept)

        let connections = resolved.compactMap { connection, target -> IBConnection? in
            guard let source = newPosition(connection.source), let destination = newPosition(target) else { return nil }
            return IBConnection(kind: connection.kind, source: source, name: connection.name,
                                destination: destination, location: connection.location,
                                eventType: connection.eventType, segueKind: connection.segueKind,
                                segueIdentifier: connection.segueIdentifier)
        }

        let scenes = zip(scanner.scenes, controllers).map { scene, controller -> IBScene in
            let members = scene.objects.compactMap(newPosition)
            return IBScene(id: scene.id, location: scene.location, objects: members,
                           controller: controller.flatMap(newPosition))
        }

        var initial: Int?
        if let id = scanner.initialViewControllerID {
            if let raw = scanner.node(withID: id), let index = newPosition(raw) {
                initial = index
            } else {
                diagnostics.append(.error("initialViewController '\(id)' is not an object in this document",
                                          path: path, at: scanner.documentLocation))
            }
        }

        diagnostics = Self.ordered(diagnostics)
        if diagnostics.contains(where: { $0.severity == .error }) {
            return .failure(IBReadFailure(diagnostics: diagnostics))
        }
        // What only reading needed goes before the document indexes its objects: at a
        // million objects the text, the ids and the renumbering were 230 MB, the peak.
        (keep, newIndex, nodeFacts) = ([], [], [])
        scanner.dropReadingState()
        return .success(IBDocument(path: path, kind: scanner.kind, platform: scanner.platform, objects: objects,
                                   connections: connections, scenes: scenes, initialViewController: initial,
                                   warnings: diagnostics))
    }

    /// File order; diagnostics without a location first; ties keep the order they were found in.
    static func ordered(_ diagnostics: [IBDiagnostic]) -> [IBDiagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let la = a.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            let lb = b.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            if la != lb { return la < lb }
            return a.offset < b.offset
        }.map(\.element)
    }

    static func displayName(userLabel: String?, placeholderIdentifier: String?, element: String, id: String) -> String {
        if let label = userLabel, !label.isEmpty { return label }
        if let placeholder = placeholderIdentifier {
            switch placeholder {
            case IBElementMap.filesOwnerIdentifier: return "File's Owner"
            case IBElementMap.firstResponderIdentifier: return "First Responder"
            case IBElementMap.applicationIdentifier: return "Application"
            case IBElementMap.exitIdentifier: return "Exit"
            case "": return "Placeholder-\(id)"
            default: return placeholder
            }
        }
        return element + "-" + shortID(id)
    }

    /// Xcode's generated ids look like "Mpr-Ma-jSp"; their first part is distinctive enough to read.
    static func shortID(_ id: String) -> String {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].count == 3, parts[1].count == 2, parts[2].count == 3 {
            return String(parts[0])
        }
        return id
    }
}
