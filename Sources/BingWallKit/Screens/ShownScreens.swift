import BingWallDesktop
import BingWallSystem
import FoundationEssentials
import Glibc

/// What each screen was last given (`$XDG_STATE_HOME/bingwall/screens.json`), for `status`:
/// written after every apply that read the screens, removed after one that did not, so it never
/// outlives the picture it describes.
package struct ShownScreens: Sendable {
  /// One screen: its output name, the stored picture it shows (nil for a file given by path),
  /// that picture's file and the file made from it for the screen.
  package struct Screen: Sendable, Equatable {
    package var output: String
    package var key: String?
    package var source: String
    package var file: String

    /// As the state file and `status --json` write it.
    package var json: JSONOutput {
      .object([
        ("output", .string(output)), ("key", .optional(key)), ("source", .string(source)),
        ("file", .string(file)),
      ])
    }
  }

  let path: String
  let files: any FileSystem

  init(stateDir: String, files: any FileSystem) {
    path = Paths.stateFile(.screens, in: stateDir)
    self.files = files
  }

  /// The file is small and ours; at most `Output.maximumCount` screens are kept from it.
  static let maximumBytes = 64 * 1024

  func save(_ screens: [Screen]) throws(FileError) {
    guard !screens.isEmpty else {
      try files.removeFile(path)
      return
    }
    let document = JSONOutput.object([("screens", .array(screens.map(\.json)))])
    try files.makeFolder(Paths.parent(of: path))
    try files.writeAtomically(Array((document.rendered() + "\n").utf8), to: path, mode: 0o600)
  }

  /// The screens saved; empty when there is no file or it is not ours.
  func load() -> [Screen] {
    guard let data = try? files.contents(of: path, limit: Self.maximumBytes),
      let document = try? JSONParser.parse(data), case .object(let top) = document,
      case .array(let items)? = top["screens"]
    else { return [] }
    return items.prefix(Output.maximumCount).compactMap { item in
      guard case .object(let fields) = item, let output = fields["output"]?.stringValue,
        let source = fields["source"]?.stringValue, let file = fields["file"]?.stringValue
      else { return nil }
      return Screen(output: output, key: fields["key"]?.stringValue, source: source, file: file)
    }
  }
}
