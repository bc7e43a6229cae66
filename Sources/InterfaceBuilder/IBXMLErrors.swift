// XMLParser's errors carry only a code on Linux (and a generic sentence on macOS); the codes
// are libxml2's, so say in words what the common ones mean.
enum IBXMLErrors {
    /// libxml2 (without its XML_PARSE_HUGE option, which XMLParser does not set) refuses a
    /// single attribute value, comment or other markup item longer than this many bytes.
    static let maxValueLength = 10_000_000
    /// libxml2 refuses elements nested deeper than this without XML_PARSE_HUGE (some
    /// versions; others accept any depth).
    static let maxNestingDepth = 256

    /// What error `code` means. libxml2 reports its size and depth limits as other errors
    /// ("internal error", "unterminated attribute value"), so the caller says which applies:
    /// the depth of elements open where the parser stopped, and the length of the markup
    /// item it stopped in.
    static func message(code: Int, depth: Int = 0, itemLength: Int = 0) -> String {
        let text: String
        switch code {
        case _ where itemLength > maxValueLength:
            return "an attribute value, comment or tag of \(itemLength) bytes: the XML parser accepts at most "
                + "\(maxValueLength) bytes in one (XMLParser error \(code))"
        case 1 where depth >= maxNestingDepth:
            return "elements nested too deep: \(depth) levels, more than the XML parser accepts (XMLParser error 1)"
        case 89:
            return "entity expansion refused: the document's entities expand to too much text "
                + "(an entity loop or a \"billion laughs\" document) (XMLParser error 89)"
        case 1: text = "internal parser error"
        case 2: text = "out of memory"
        case 3, 4: return "not an XML document: start tag expected, '<' not found (XMLParser error \(code))"
        case 5: text = "premature end of document, or extra content after the root element"
        case 6, 7, 8: text = "invalid character reference"
        case 9: text = "invalid character"
        case 10, 11, 12, 13: text = "misplaced character reference"
        case 14, 15, 16, 17, 18, 19, 20, 21: text = "misplaced entity reference"
        case 22, 24: text = "entity reference without a name"
        case 23, 25: text = "entity reference missing ';'"
        case 26, 27: text = "undeclared entity"
        case 31, 32: text = "unsupported encoding"
        case 33, 34: text = "unterminated string"
        case 37, 38: text = "'<' in an attribute value"
        case 39: text = "attribute value expected (quotes missing?)"
        case 40: text = "unterminated attribute value"
        case 41: text = "attribute without a value"
        case 42: text = "attribute given twice"
        case 43, 44: text = "unterminated literal"
        case 45: text = "unterminated comment"
        case 46, 47: text = "malformed processing instruction"
        case 63: text = "unterminated CDATA section"
        case 64: text = "reserved XML name"
        case 65: text = "space required"
        case 68: text = "name expected"
        case 73: text = "'>' expected"
        case 74: text = "'</' expected"
        case 75: text = "'=' expected"
        case 76: text = "opening and ending tag mismatch"
        case 77: text = "unterminated start tag"
        case 81: text = "invalid encoding (the bytes are not in the document's encoding)"
        case 85: text = "document is not well balanced"
        case 86: text = "extra content at the end of the document"
        case 96: text = "XML declaration without a version"
        default: text = "malformed XML"
        }
        return "malformed XML: \(text) (XMLParser error \(code))"
    }
}
