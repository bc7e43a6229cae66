// "Did you mean …?" for misspelt keywords. Public so that the interpreter can suggest class,
// outlet and variable names the same way.

public enum Suggest {
    /// Optimal string alignment distance (Levenshtein plus adjacent transposition, so
    /// `teh` → `the` costs 1), over UTF-8 bytes. Case matters: `Class` is 1 from `class`.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.utf8), y = Array(b.utf8)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        // Three rows suffice for the transposition look-back.
        var before = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var row = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            row[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d = min(d, before[j - 2] + 1)
                }
                row[j] = d
            }
            (before, previous, row) = (previous, row, before)
        }
        return previous[y.count]
    }

    /// The candidate closest to `word` if it is at most `maxDistance` edits away and the
    /// distance is less than the word's length (so `o` is not "corrected" to `no`). Ties go
    /// to the earlier candidate. An exact match is not a suggestion.
    public static func closest(to word: String, among candidates: [String], maxDistance: Int = 2) -> String? {
        let length = word.utf8.count
        var best: (String, Int)?
        for c in candidates where c != word {
            // Cheap bound first: a 100 000-byte identifier is compared in O(1).
            if abs(c.utf8.count - length) > maxDistance { continue }
            let d = editDistance(word, c)
            if d <= maxDistance, d < length, d < (best?.1 ?? Int.max) { best = (c, d) }
        }
        return best?.0
    }
}
