import BingWallSystem

/// What the user can do about a failure of their history: the history's advice, not the SQLite
/// wrapper's. The wrapper (`SQLiteDatabase`, `StoreError`) says what failed with which code; only
/// here is the file known as `history.db`, which bingwall starts anew when it is moved aside.
extension StoreError: HintedError {
  package var hint: String? {
    switch self {
    case .open(_, let code, _), .prepare(_, _, let code, _), .statement(_, _, let code, _):
      return Self.advice(for: code)
    case .walUnavailable: return "keep it on a local file system"
    case .bind, .noSuchColumn, .misuse: return Self.bug
    case .typeMismatch:
      // A value out of its type is one damaged row, not a lost history: moving the file aside
      // would throw away every other row.
      return "run 'bingwall doctor' to find the damaged row; 'bingwall doctor --fix' repairs or forgets it"
    case .damagedRow: return DamagedRow.repair
    case .newerSchema: return "upgrade bingwall"
    case .readOnlyNeedsUpgrade: return "make the folder writable and run bingwall again"
    case .needsUpgrade: return "run 'bingwall update' as its owner first"
    case .migration: return nil
    }
  }

  private static let bug = "this is a bug in bingwall; please report it"

  /// What the user can do about a failure with this result code.
  private static func advice(for code: SQLiteResultCode) -> String {
    switch code {
    case .busy, .locked:
      return "another bingwall kept the database busy; try again"
    case .cannotOpen:
      return "check the folder exists and is writable"
    case .readOnly, .perm, .auth:
      return "check the file and its folder are writable"
    case .full:
      return "free some disk space and try again"
    case .ioError:
      return "check the disk and try again"
    case .corrupt:
      return
        "the file is damaged; move history.db aside (bingwall starts a new history) or restore it from a backup"
    case .notADatabase:
      return "this is not a bingwall history database; move it away"
    case .noMemory:
      return "out of memory; close something and try again"
    default:
      return bug
    }
  }
}
