import Foundation

/// The base protocol's framing: each message is a header (`Content-Length: N`, other fields
/// ignored, lines ended by CRLF, a blank line) and then N bytes of JSON. Bytes arrive in any
/// chunks; `next()` gives each complete body. A header that is not one (no length, a length
/// that is no number or too large) is reported once and skipped, so a client's mistake
/// costs that message and never the connection.
struct FrameReader {
    /// A message body larger than this is refused (and skipped): a script of 2 MB is far
    /// below it, and a bogus length of 10^18 must not make the server wait or allocate.
    static let maxBody = 64 << 20
    /// A header longer than this without its blank line is not a header.
    static let maxHeader = 8192

    enum Frame: Equatable {
        case message([UInt8])
        /// A header that could not be read, and why; its bytes are dropped.
        case malformed(String)
    }

    private var buffer: [UInt8] = []
    private var start = 0

    mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    mutating func next() -> Frame? {
        // The end of the header: CRLF CRLF (a bare LF LF is taken too, as some clients write it).
        var i = start
        var headerEnd: Int?
        var bodyStart = 0
        while i < buffer.count {
            if buffer[i] == 0x0A {
                if i + 1 < buffer.count, buffer[i + 1] == 0x0A { headerEnd = i; bodyStart = i + 2; break }
                if i + 2 < buffer.count, buffer[i + 1] == 0x0D, buffer[i + 2] == 0x0A { headerEnd = i; bodyStart = i + 3; break }
            }
            i += 1
        }
        guard let end = headerEnd else {
            if buffer.count - start > Self.maxHeader {
                // No blank line in 8 KB: drop everything up to the last line break and go on.
                let dropped = buffer.count - start
                start = buffer.count
                compact()
                return .malformed("a header of \(dropped) bytes with no blank line after it")
            }
            return nil
        }
        // The last `Content-Length:` of the header counts, wherever its line starts: bytes
        // of a broken message before it then cost only that message.
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        var length: Int?
        var problem: String?
        if let field = header.range(of: "content-length:", options: [.caseInsensitive, .backwards]) {
            let value = header[field.upperBound...].prefix { $0 != "\r" && $0 != "\n" }.trimmingSpaces
            if let n = Int(value), n >= 0 {
                if n > Self.maxBody { problem = "Content-Length \(n) is larger than \(Self.maxBody)" } else { length = n }
            } else {
                problem = "Content-Length '\(value.prefix(40))' is not a number"
            }
        }
        guard let length else {
            start = bodyStart
            compact()
            return .malformed(problem ?? "a header without Content-Length")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        start = bodyStart + length
        compact()
        return .message(body)
    }

    /// Drops consumed bytes once they are most of the buffer, so reading stays linear.
    private mutating func compact() {
        if start > 0, start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }

    /// One message framed for writing.
    static func frame(_ body: String) -> [UInt8] {
        let bytes = Array(body.utf8)
        return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
