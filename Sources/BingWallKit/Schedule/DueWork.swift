/// What the daemon must do at a given moment, so its loop only runs what this says and never
/// decides a deadline itself.
public struct DueWork: OptionSet, Sendable, Hashable {
  public let rawValue: Int

  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Run an update (fetch the markets' new pictures).
  public static let update = DueWork(rawValue: 1 << 0)
  /// Rotate to another stored picture.
  public static let rotate = DueWork(rawValue: 1 << 1)
}
