/// What the daemon must do at a given moment, so its loop only runs what this says and never
/// decides a deadline itself.
package struct DueWork: OptionSet, Sendable, Hashable {
  package let rawValue: Int

  package init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Run an update (fetch the markets' new pictures).
  package static let update = DueWork(rawValue: 1 << 0)
  /// Rotate to another stored picture.
  package static let rotate = DueWork(rawValue: 1 << 1)
}
