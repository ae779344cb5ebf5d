/// Which picture each screen shows when they differ (`[screens] policy = "different"`, and
/// `pin`): the picture being set on the primary screen, the next of `others` on each other
/// screen in the desktop's order, and a pinned picture on its own screen whatever the policy.
package struct ScreenAssignment: Sendable, Equatable {
  /// Pictures for the screens after the primary, in order; empty: every screen shows the same.
  package var others: [PictureFile]
  /// A picture per output name, kept whatever `others` says.
  package var pinned: [String: PictureFile]

  package init(others: [PictureFile] = [], pinned: [String: PictureFile] = [:]) {
    self.others = others
    self.pinned = pinned
  }

  /// The picture of each of `outputs` that shows another than the one being set. When `others`
  /// runs out, the rest show that one too.
  func sources(for outputs: [Output]) -> [String: PictureFile] {
    var sources: [String: PictureFile] = [:]
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
}
