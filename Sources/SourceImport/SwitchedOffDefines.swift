// A project's feature switches turned off by commenting out their `#define`:
// `//#define INCLUDE_VPNSERVICE 1` (Tunnelblick's `defines.h`), `/* #define USE_X */`. The
// code under `#ifdef INCLUDE_VPNSERVICE` is the project's own, written to be switched on: the
// reader keeps reading it (marked undecided) even when the build's defines say the name is
// undefined, so that its defects are reported.
// A name no file defines, not even in a comment, is another product's build flag (Sequel
// Pro's `SP_CODA`, set by the Coda plugin that compiles its sources): false in this build.

enum SwitchedOffDefines {
    /// Names defined by a `#define` that sits in a comment, in a file's bytes.
    static func names(in bytes: [UInt8]) -> Set<String> {
        var out: Set<String> = []
        let n = bytes.count
        var i = 0
        // Only lines that hold "define" are looked at closely.
        while i < n {
            var end = i
            while end < n && bytes[end] != 10 { end += 1 }
            if let name = commentedDefine(bytes[i..<end]) { out.insert(name) }
            i = end + 1
        }
        return out
    }

    /// `//#define NAME …`, `// #define NAME`, `/* #define NAME … */` on one line: NAME.
    static func commentedDefine(_ line: ArraySlice<UInt8>) -> String? {
        var k = line.startIndex
        func skipBlanks() { while k < line.endIndex, line[k] == 32 || line[k] == 9 { k += 1 } }
        skipBlanks()
        guard k + 1 < line.endIndex, line[k] == 47, line[k + 1] == 47 || line[k + 1] == 42 else { return nil }   // "//" or "/*"
        k += 2
        while k < line.endIndex, line[k] == 47 || line[k] == 42 { k += 1 }
        skipBlanks()
        guard k < line.endIndex, line[k] == 35 else { return nil }   // "#"
        k += 1
        skipBlanks()
        let word = Array("define".utf8)
        guard line.endIndex - k > word.count, Array(line[k..<(k + word.count)]) == word else { return nil }
        k += word.count
        guard k < line.endIndex, line[k] == 32 || line[k] == 9 else { return nil }
        skipBlanks()
        var name: [UInt8] = []
        while k < line.endIndex {
            let c = line[k]
            guard (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c == 95 else { break }
            name.append(c); k += 1
        }
        guard let first = name.first, !(first >= 48 && first <= 57) else { return nil }
        return String(decoding: name, as: UTF8.self)
    }
}
