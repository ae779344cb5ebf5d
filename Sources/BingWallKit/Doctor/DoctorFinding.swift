import BingWallStore
import BingWallSystem

/// One thing `bingwall doctor` found: what is wrong, with what, what to do, and what `--fix` did.
package struct DoctorFinding: Sendable, Equatable {
  /// Which family of checks found it; the `check` of the JSON output.
  package enum Check: String, Sendable {
    case config, database, row, file, folder, wallpaper, backend, screens, autostart, hook, update
  }

  /// A problem keeps the exit status at 1 until fixed; a warning never does (a machine without a
  /// desktop is a fine place to keep a history).
  package enum Severity: String, Sendable {
    case problem, warning
  }

  /// What `--fix` made of it.
  package enum Outcome: Sendable, Equatable {
    /// Not asked to fix (no `--fix`), or nothing a fix could do (a warning).
    case open
    /// Repaired; the text says how ("downloaded again as …").
    case fixed(String)
    /// Asked to fix and could not; the text says why and what to do.
    case notFixed(String)
  }

  package var check: Check
  package var severity: Severity
  /// What it is about: a path, a picture key, the database file.
  package var subject: String
  /// What is wrong, as a clause ("is missing").
  package var message: String
  /// What to do about it, for the user.
  package var advice: String
  package var outcome: Outcome = .open
  /// What `--fix` would do about it; `.none` when nothing can be done by a program.
  package var action: Action = .none

  /// A repair `--fix` knows.
  package enum Action: Sendable, Equatable {
    case none
    /// A leftover temporary file or a stray file: remove it.
    case remove(path: String)
    /// Rows of appearances or applies whose picture is gone: delete them.
    case deleteOrphanedRows
    /// The picture's file is gone (`damaged` false) or no longer what was stored: fetch it
    /// again while Bing serves it; a gone one that Bing no longer serves is forgotten.
    case refetch(HistoryStore.StoredFile, damaged: Bool)
    /// A file named like a picture that no row knows: adopt it when it is one, else remove it.
    case adopt(path: String, name: PictureFileName)
    /// A picture's portrait file is gone or damaged: forget it (removing a damaged file), so
    /// the next update on a portrait screen fetches it again.
    case forgetPortrait(pictureID: Int64, path: String)
    /// A row holds a value out of its type: recover the value, or delete the row, or forget the
    /// picture (keeping its file outside the image folder).
    case repairRow(DamagedRow)
  }

  init(_ check: Check, _ severity: Severity, subject: String, message: String, advice: String) {
    self.check = check
    self.severity = severity
    self.subject = subject
    self.message = message
    self.advice = advice
  }

  /// True while it makes `doctor` fail: a problem not fixed.
  package var remains: Bool {
    guard severity == .problem else { return false }
    if case .fixed = outcome { return false }
    return true
  }

  /// A `.bingwall-*.part` file: removable whatever else is wrong.
  var isTemporaryFile: Bool { check == .folder && message == Self.temporaryMessage }

  static let temporaryMessage = "is a temporary file left by an update that was killed"

  package var isFixed: Bool {
    if case .fixed = outcome { return true }
    return false
  }
}
