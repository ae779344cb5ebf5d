/// Each distinct line once, in the order first seen, with how often it came.
enum Distinct {
  static func lines(_ lines: [String]) -> [(String, Int)] {
    var counts: [String: Int] = [:]
    var order: [String] = []
    for line in lines {
      if counts[line] == nil { order.append(line) }
      counts[line, default: 0] += 1
    }
    return order.map { ($0, counts[$0] ?? 0) }
  }
}
