import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

// A legacy archive XIB's XML as a tree of elements (the first step of reading one; what the
// elements mean is IBLegacyArchive.swift's): archives refer back and forth by id, so the
// reader needs the whole tree before it can interpret anything.

/// One element of the archive, kept whole: archives refer back and forth by id, so the reader
/// needs the tree before it can interpret anything.
struct IBArchiveElement {
    var name: String
    var attributes: [String: String]
    var location: IBLocation
    var children: [Int] = []
    var text = ""

    var key: String? { attributes["key"] }
    var archiveClass: String? { attributes["class"] }
}

/// Builds the element tree with XMLParser; locations are the elements' `<`, as for modern files.
final class IBArchiveTreeBuilder: NSObject, XMLParserDelegate {
    private var positions: IBSourcePositions
    private let path: String
    private(set) var elements: [IBArchiveElement] = []
    private(set) var diagnostics: [IBDiagnostic] = []
    private var stack: [Int] = []
    private var failed = false

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.positions = IBSourcePositions(bytes: bytes)
    }

    /// The root element's index, or nil after an XML error (in `diagnostics`).
    func build(_ data: Data) -> Int? {
        // From a stream, as the modern scanner reads: given the data whole, libxml2 refuses a
        // document past 10 MB ("internal parser error").
        let parser = XMLParser(stream: InputStream(data: data))
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = self
        if !parser.parse(), !failed {
            let code = (parser.parserError as NSError?)?.code ?? 0
            fail(code: code, line: parser.lineNumber, column: parser.columnNumber)
        }
        return failed || elements.isEmpty ? nil : 0
    }

    private func fail(code: Int, line: Int, column: Int) {
        failed = true
        diagnostics.append(.error(IBXMLErrors.message(code: code), path: path,
                                  at: IBLocation(line: max(line, 1), column: max(column, 1))))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard !failed else { return }
        fail(code: (parseError as NSError).code, line: parser.lineNumber, column: parser.columnNumber)
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        guard !failed else { return }
        let location = positions.elementStart(line: parser.lineNumber, column: parser.columnNumber)
        elements.append(IBArchiveElement(name: name, attributes: attributes, location: location))
        let index = elements.count - 1
        if let parent = stack.last { elements[parent].children.append(index) }
        stack.append(index)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard !failed else { return }
        _ = stack.popLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !failed, let current = stack.last else { return }
        elements[current].text += string
    }
}
