import Foundation

/// The line of an offset in a text, found by binary search of its line starts. The loaders
/// ask for the line of every load, name method and creation they find: counting newlines
/// from the text's start each time was quadratic, and a generated 1 MB source file (a Thrift
/// client of thousands of methods) took ten seconds to read.
struct LineIndex {
    /// The offset (in UTF-16 units, as `NSString` counts) of each line feed.
    private let newlines: [Int]

    init(_ ns: NSString) {
        var found: [Int] = []
        let length = ns.length
        var buffer = [unichar](repeating: 0, count: 4096)
        var start = 0
        while start < length {
            let count = min(buffer.count, length - start)
            ns.getCharacters(&buffer, range: NSRange(location: start, length: count))
            for i in 0..<count where buffer[i] == 10 { found.append(start + i) }
            start += count
        }
        newlines = found
    }

    /// The 1-based line of offset `at`: one more than the line feeds before it.
    func line(_ at: Int) -> Int {
        var (low, high) = (0, newlines.count)
        while low < high {
            let mid = (low + high) / 2
            if newlines[mid] < at { low = mid + 1 } else { high = mid }
        }
        return low + 1
    }
}
