import BingWallSystem

/// A name from a closed list, given in any case and kept as the list spells it: a Bing size
/// (`Resolution`), a wallpaper backend (`BackendName`).
package protocol ListedName: Hashable, Sendable, LosslessStringConvertible {
  /// Every accepted name, as it is spelled.
  static var listed: [String] { get }
  /// The name as `listed` spells it.
  var name: String { get }
  /// The value of a name known to be spelled as `listed` spells it.
  init(listed name: String)
}

extension ListedName {
  /// The value a name gives in any case; nil when the list has no such name.
  package init?(_ name: String) {
    guard let listed = Self.listed.first(where: { $0.equalsIgnoringCase(name) }) else { return nil }
    self.init(listed: listed)
  }

  package var description: String { name }
}
