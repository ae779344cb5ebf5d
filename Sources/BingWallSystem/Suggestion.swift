/// "Did you mean" candidates for a mistyped word.
package enum Suggestion {
  /// The closest candidate within a small edit distance, or nil when nothing is close.
  package static func closest(to word: String, in candidates: [String]) -> String? {
    let limit = max(1, min(3, word.count / 3 + 1))
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(word.lowercased(), candidate.lowercased())
      if distance <= limit, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    if let best { return best.candidate }
    // A unique prefix is a suggestion too: `--mark` for `--market`.
    let prefixed = candidates.filter { $0.hasPrefix(word) && !word.isEmpty }
    return prefixed.count == 1 ? prefixed[0] : nil
  }

  /// Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps.
  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
