/// `bingwall --version`, and with `-v` the versions of the libraries loaded at run time.
enum VersionText {
  static func render(verbose: Bool) -> String {
    var text = "bingwall \(BingWall.version)\n"
    if verbose {
      text += "libcurl \(LibraryVersions.curl)\n"
      text += "SQLite \(LibraryVersions.sqlite)\n"
    }
    return text
  }
}
