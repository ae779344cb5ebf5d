import BingWallSystem

/// Why a screen's own picture could not be made; the file is then set as it is, and this is
/// told as a warning.
package enum ScreenProblem: Error, Equatable, Sendable, CustomStringConvertible {
  /// The screen tool could not list the screens, in a session with a display.
  case screensUnread(OutputReadError)
  /// A file the picture is made from, or the folder it is made in, cannot be used.
  case file(FileError)
  /// The picture could not be made: the imaging library's own words.
  case notMade(String)

  package var description: String {
    switch self {
    case .screensUnread(let error): error.description
    case .file(let error): error.description
    case .notMade(let words): words
    }
  }
}
