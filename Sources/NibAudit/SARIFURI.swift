/// A path as the path of a URI reference (RFC 3986, section 3.3), for SARIF's `uri`: every
/// UTF-8 byte outside `pchar` and `/` percent-encoded, with uppercase hex (section 2.1). So a
/// space, `%`, `#`, `?`, `[`, a newline or a non-ASCII letter in a folder's name cannot end the
/// path early or be read as something else. Our own rather than Foundation's
/// `addingPercentEncoding`, whose allowed sets differ between Darwin and Linux.
enum SARIFURI {
    /// `relative`: a relative reference, whose first segment must not hold a `:` (it would be
    /// read as a scheme, section 4.2), so `:` is encoded all through it.
    static func percentEncoded(_ path: String, relative: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for b in path.utf8 {
            if isAllowed(b) && !(relative && b == UInt8(ascii: ":")) {
                out.append(b)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// unreserved, sub-delims, `:`, `@` (pchar without pct-encoded) and `/`.
    private static func isAllowed(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~!$&'()*+,;=:@/".utf8.contains(b)
        }
    }
}
