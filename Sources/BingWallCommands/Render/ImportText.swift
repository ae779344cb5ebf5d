import BingWallKit
import BingWallSystem

/// What `bingwall import` prints: a line per picture taken in (or, with `--dry-run`, that would
/// be), refusals on stderr, and a summary unless quiet.
struct ImportText {
  let stdout: any TextOutput
  let stderr: any TextOutput
  let quiet: Bool

  /// The counts the summary says.
  struct Tally {
    var imported = 0
    var duplicates = 0
    var refused = 0
  }

  /// `--dry-run`'s lines for one source: what would come, what is refused, and how many.
  func preview(_ previews: [Import.Preview], refusals: [TransferError], from source: String) {
    for preview in previews { stdout.write(Self.line(preview) + "\n") }
    for error in refusals { stderr.error(error.description) }
    if !quiet {
      stdout.write(
        TerminalText.clean("Would import \(Counted.phrase(previews.count, "picture")) from \(source).") + "\n"
      )
    }
  }

  /// One picture taken in, counted; a refused one named on stderr.
  func event(_ event: Import.Event, tally: inout Tally) {
    switch event {
    case .imported(let picture):
      tally.imported += 1
      if !quiet {
        stdout.write(
          TerminalText.clean("Imported \(picture.date) \(picture.id.key) (\(picture.displayTitle))") + "\n")
      }
    case .duplicate: tally.duplicates += 1
    case .refused(let error):
      tally.refused += 1
      stderr.error(error.description)
    }
  }

  /// `Imported 3 pictures; 2 already stored; 1 refused.`
  func summary(_ tally: Tally) {
    guard !quiet else { return }
    var summary = "Imported \(Counted.phrase(tally.imported, "picture"))"
    if tally.duplicates > 0 { summary += "; \(tally.duplicates) already stored" }
    if tally.refused > 0 { summary += "; \(tally.refused) refused" }
    stdout.write(summary + ".\n")
  }

  /// `2026-09-05  OHR.LakeFyans  en-CA ja-JP  (2 more files)  favourite` from a preview.
  static func line(_ preview: Import.Preview) -> String {
    var parts = [preview.date.description, preview.key]
    if !preview.markets.isEmpty { parts.append(preview.markets.map(\.code).joined(separator: " ")) }
    if preview.others > 0 {
      parts.append("(\(preview.others) more \(preview.others == 1 ? "file" : "files"))")
    }
    if preview.favorite { parts.append("favourite") }
    if preview.banned { parts.append("banned") }
    parts.append("← " + preview.file)
    return TerminalText.clean(parts.joined(separator: "  "))
  }
}
