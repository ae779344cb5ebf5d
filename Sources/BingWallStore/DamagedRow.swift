import BingWallSystem

/// A row of the history with a value out of its type: a source bingwall does not know, a day that
/// is not a day, a size below one, a hash that is not 64 hexadecimal digits. bingwall never
/// writes one; a hand with sqlite3 (or another program) did. The row's decoding finds it (see
/// `HistoryColumns`), the readers skip that row and tell it once (`HistoryStore.onDamagedRow`),
/// the others read on; `doctor` lists such rows and `doctor --fix` repairs or forgets them.
package struct DamagedRow: Sendable, Hashable {
  /// The table the row is in.
  package enum Table: String, Sendable, CaseIterable {
    case pictures, appearances, applies
    case sourceFetches = "source_fetches"
  }

  package var table: Table
  /// The row's id (`pictures.id`, `appearances.id`, `applies.id`); 0 for `source_fetches`,
  /// whose rows are named by their source.
  package var id: Int64
  /// The picture the row belongs to (its own id for a picture); nil for `source_fetches`.
  package var pictureID: Int64?
  /// The picture's key, or the source a `source_fetches` row names, as stored: made safe to show
  /// where it is shown.
  package var key: String
  /// The column whose value is out of its type.
  package var column: String
  /// What it holds, quoted and cut for a message (`TerminalText.quoted`), or its SQLite type.
  package var found: String
  /// What it should hold: "a source such as bing or apod".
  package var expected: String
  /// A `source_fetches` row's primary key as stored (of any type and length; `key` is cut for a
  /// message): what `doctor --fix` deletes it by.
  var fetchKey: SQLiteValue?

  /// The row as a person finds it again: `picture 12 (OHR.Lake)`, `appearance 40 of picture 12
  /// (OHR.Lake)`, `the last fetch of apod`.
  package var subject: String {
    let key = String(TerminalText.clean(self.key).prefix(60))
    let picture = pictureID.map { "picture \($0) (\(key))" } ?? key
    switch table {
    case .pictures: return picture
    case .appearances: return "appearance \(id) of \(picture)"
    case .applies: return "an apply (\(id)) of \(picture)"
    case .sourceFetches: return "the last fetch of \(key)"
    }
  }

  /// What is wrong with it, as a clause: `its source holds 'bogus', not a source such as bing or apod`.
  package var problem: String { "its \(column) holds \(found), not \(expected)" }
}

extension DamagedRow: CustomStringConvertible, HintedError {
  /// The one warning a reader gives: which row, what is wrong, and that it was passed over.
  package var description: String { "\(subject) in the history is damaged: \(problem); skipped" }

  package var hint: String? { Self.repair }

  /// The command that repairs a damaged row: the same words wherever one is told.
  package static let repair =
    "run 'bingwall doctor --fix', which repairs the row or forgets it (a picture's file is kept)"
}
