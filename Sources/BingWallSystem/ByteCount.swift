/// A size as config and the command line write it (`500MB`, `2GB`, `1.5G`, `4096`): powers of
/// 1024, as `du -h` prints them.
package struct ByteCount: Hashable, Comparable, Sendable, LosslessStringConvertible {
  package let bytes: Int64

  init(bytes: Int64) {
    self.bytes = bytes
  }

  /// The size `text` names; nil for anything else, zero and more than Int64 holds included.
  package init?(_ text: String) {
    guard let bytes = HumanUnits.bytes(in: text) else { return nil }
    self.bytes = bytes
  }

  /// The largest unit that divides the size exactly (`1.5G` is `1536M`), so the text reads back
  /// as the same size.
  package var description: String {
    var value = bytes
    for unit in ["", "K", "M", "G"] {
      guard value != 0, value % 1024 == 0 else { return "\(value)\(unit)" }
      value /= 1024
    }
    return "\(value)T"
  }

  /// `2.4 MB`, `512 bytes`: for people, one decimal.
  var readable: String { HumanUnits.describe(bytes: bytes) }

  package static func < (lhs: ByteCount, rhs: ByteCount) -> Bool { lhs.bytes < rhs.bytes }
}
