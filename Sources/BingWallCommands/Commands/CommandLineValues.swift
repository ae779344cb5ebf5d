import BingWallBing
import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallModel
import BingWallStore

// The domain types options and arguments produce. The parser has already checked each word
// against the spec's kind (a choice in its listed spelling), so these only wrap it.

extension BackendName: CommandLineValue {}
extension Market: CommandLineValue {}
extension Resolution: CommandLineValue {}
extension Source: CommandLineValue {}

extension WallpaperMode: CommandLineValue {}
extension PictureSelector: CommandLineValue {}

extension PeerFolder: CommandLineValue {
  package init?(commandLine word: String) { self.init(rawValue: word) }
}
