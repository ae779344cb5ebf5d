import BingWallKit
import BingWallSystem

/// An update's failures (of pictures and markets) one line per kind: the first one's words and
/// how many more failed alike, "(and 7 more like it)", or "(8 times)" for the very same words.
/// With `each` (`-v`) every distinct line is its own.
enum FailureLines {
  static func lines(_ events: [UpdateEvent], each: Bool) -> [String] {
    var groups: [(first: String, lines: Set<String>, count: Int)] = []
    var groupOfKind: [String: Int] = [:]
    for event in events {
      guard case .failed(let failure) = event else { continue }
      let line = TerminalText.clean("\(failure.error)")
      let kind = each ? line : (failure.error as? any AlikeError).map { "kind: " + $0.kind } ?? line
      if let index = groupOfKind[kind] {
        groups[index].lines.insert(line)
        groups[index].count += 1
      } else {
        groupOfKind[kind] = groups.count
        groups.append((line, [line], 1))
      }
    }
    return groups.map { group in
      guard group.count > 1 else { return group.first }
      return group.first
        + (group.lines.count == 1 ? " (\(group.count) times)" : " (and \(group.count - 1) more like it)")
    }
  }
}
