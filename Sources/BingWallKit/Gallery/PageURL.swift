import BingWallSystem

/// URLs the gallery page links to: our own files, and web links only when they are web links.
enum PageURL {
  /// `file://` and the absolute `path` percent-encoded but for its slashes, so a space, `#`,
  /// `?` or `%` in a folder name stays part of the path.
  static func file(_ path: String) -> String { FileURI.make(path) }

  /// `link` when it is an absolute http or https URL without spaces or control characters, else nil:
  /// a `javascript:` or `data:` link from a history file never becomes something to click.
  static func web(_ link: String) -> String? {
    let bytes = Array(link.utf8.prefix(8)).map { $0 | 0x20 }  // ASCII letters to lower case
    let isWeb = bytes.starts(with: "https://".utf8) || bytes.starts(with: "http://".utf8)
    guard isWeb, link.utf8.count > 8 else { return nil }
    guard !link.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return nil }
    return link
  }
}
