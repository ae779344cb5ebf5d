import BingWallCLI
import BingWallKit
import BingWallNet
import BingWallStore

/// `bingwall --version`, and with `-v` the commit (of a build made by `make`) and the versions of
/// the libraries loaded at run time.
///
/// The library versions are read from the loaded libraries, not the headers, so this also
/// proves that both system modules link and load.
enum VersionText {
  static func render(verbose: Bool) -> String {
    var text = "bingwall \(BingWall.version)\n"
    if verbose {
      if !BingWall.commit.isEmpty { text += "commit \(BingWall.commit)\n" }
      text += CurlHTTPClient.libraryDescription + "\n"
      text += "SQLite \(SQLiteDatabase.libraryVersion)\n"
    }
    return text
  }
}
