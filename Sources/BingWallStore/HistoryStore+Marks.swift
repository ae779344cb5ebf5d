import BingWallSystem
import FoundationEssentials

/// A mark a user puts on a stored picture.
package enum PictureMark: Sendable, CaseIterable {
  /// Kept by `prune`, offered by `random --favorites` and the daemon's `--favorites` rotation.
  case favorite
  /// Never picked by `random`, the daemon's rotation or `update`'s apply.
  case banned

  /// The `pictures` column that holds it (our own constant, never text from outside).
  var column: String {
    switch self {
    case .favorite: return "favorite"
    case .banned: return "banned"
    }
  }
}

extension HistoryStore {
  /// Sets or clears `mark` on every picture in `ids`, in one transaction: all of them change, or
  /// none does.
  package func setMark(_ mark: PictureMark, to value: Bool, pictureIDs ids: [Int64]) throws {
    try write {
      for id in ids {
        try database.run(
          "UPDATE pictures SET \(mark.column) = ? WHERE id = ?", [.integer(value ? 1 : 0), .integer(id)])
      }
    }
  }
}
