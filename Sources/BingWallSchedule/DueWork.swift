/// What the daemon must do at a given moment, so its loop only runs what this says and never
/// decides a deadline itself.
struct DueWork: OptionSet, Sendable, Hashable {
  let rawValue: Int

  /// Run an update (fetch the markets' new pictures).
  static let update = DueWork(rawValue: 1 << 0)
  /// Rotate to another stored picture.
  static let rotate = DueWork(rawValue: 1 << 1)
}
