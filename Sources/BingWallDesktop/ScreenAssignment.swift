/// Which picture each screen shows when they differ (`[screens] policy = "different"`, and
/// `pin`): the picture being set on the primary screen, the next of `others` on each other
/// screen in the desktop's order, and a pinned picture on its own screen whatever the policy.
package struct ScreenAssignment: Sendable, Equatable {
  /// Pictures for the screens after the primary, in order; empty: every screen shows the same.
  package var others: [String]
  /// A picture per output name, kept whatever `others` says.
  package var pinned: [String: String]
  /// The stored picture's key of each file named above, for what `status` shows.
  package var keys: [String: String] = [:]
  /// Bing's portrait file of each picture that has one (the picture's path → the portrait's),
  /// read for a screen taller than wide instead of cropping a sliver of the landscape picture.
  package var portraits: [String: String] = [:]

  package init(others: [String] = [], pinned: [String: String] = [:]) {
    self.others = others
    self.pinned = pinned
  }

  /// The source of each of `outputs` that shows another picture than the one being set. When
  /// `others` runs out, the rest show that one too.
  func sources(for outputs: [Output]) -> [String: String] {
    var sources: [String: String] = [:]
    var next = others[...]
    for output in outputs {
      if let pinned = pinned[output.name] {
        sources[output.name] = pinned
      } else if !output.primary, let other = next.popFirst() {
        sources[output.name] = other
      }
    }
    return sources
  }

  /// The portrait file each portrait screen of `outputs` reads instead of the picture it shows
  /// (`path`, or its own of `sources`), where that picture has one.
  func renditions(for outputs: [Output], showing path: String, sources: [String: String]) -> [String: String]
  {
    var renditions: [String: String] = [:]
    for output in outputs where output.isPortrait {
      if let portrait = portraits[sources[output.name] ?? path] { renditions[output.name] = portrait }
    }
    return renditions
  }
}
