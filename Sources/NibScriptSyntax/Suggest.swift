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

    /// The same distance when it is at most `limit`, else nil. Only the cells within `limit`
    /// of the diagonal can stay within it, so this costs O(length × limit), not
    /// O(length²): two 80,000-byte names compare in microseconds, not seconds.
    public static func editDistance(_ a: String, _ b: String, limit: Int) -> Int? {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard limit >= 0, abs(x.count - y.count) <= limit else { return nil }
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        let big = limit + 1  // any value past the limit is as good as infinity
        var before = [Int](repeating: big, count: y.count + 1)
        var previous = [Int](repeating: big, count: y.count + 1)
        var row = [Int](repeating: big, count: y.count + 1)
        for j in 0...min(y.count, limit) { previous[j] = j }
        for i in 1...x.count {
            let lo = max(1, i - limit), hi = min(y.count, i + limit)
            row[0] = i
            if lo > 1 { row[lo - 1] = big }
            var rowMin = big
            for j in lo...hi {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d = min(d, before[j - 2] + 1)
                }
                d = min(d, big)
                row[j] = d
                rowMin = min(rowMin, d)
            }
            if hi < y.count { row[hi + 1] = big }
            if rowMin > limit { return nil }
            (before, previous, row) = (previous, row, before)
        }
        return previous[y.count] <= limit ? previous[y.count] : nil
    }

    /// The candidate closest to `word` if it is at most `maxDistance` edits away and the
    /// distance is less than the word's length (so `o` is not "corrected" to `no`). Ties go
    /// to the earlier candidate. An exact match is not a suggestion.
    public static func closest(to word: String, among candidates: [String], maxDistance: Int = 2) -> String? {
        let length = word.utf8.count
        var best: (String, Int)?
        for c in candidates where c != word {
            // Only a distance that would win is worth computing, and that bound keeps the
            // comparison linear in the length of the names.
            let limit = min(maxDistance, length - 1, (best?.1 ?? Int.max) - 1)
            if let d = editDistance(word, c, limit: limit) { best = (c, d) }
        }
        return best?.0
    }
}
