import BingWallSystem
import FoundationEssentials
import Glibc

/// The folders other Bing tools keep their pictures in by default, for `import --from PEER`:
/// each as that tool's source sets it (see docs/import-schemes.md).
package enum PeerFolder: String, CaseIterable, Sendable {
  /// neffo's GNOME Shell extension: `<XDG Pictures>/BingWallpaper/`.
  case neffo
  /// Variety: `~/.config/variety/Downloaded/Bing*` (one folder per Bing source it was given).
  case variety
  /// TTGBingWallPaper (macOS, `~/Library/Application Support/TTGBingWallPaper/BingWallPapers`
  /// there): a copy of that folder in `<XDG Pictures>/TTGBingWallPaper`.
  case ttg
  /// pybingwallpaper: `~/MyBingWallpapers`.
  case pybingwallpaper
  /// mklein994's bing-wallpaper: its data folder, `~/.local/share/bing_wallpaper`.
  case mklein994
  /// thejandroman's bing-wallpaper.sh: `~/Pictures/bing-wallpapers/`.
  case thejandroman

  package static var names: [String] { allCases.map(\.rawValue) }

  /// The folders to import from, those that exist, in order.
  package func folders(environment: [String: String], home: String, in files: any FileSystem) -> [String] {
    let pictures = Self.picturesFolder(environment: environment, home: home, in: files)
    let candidates: [String]
    switch self {
    case .neffo: candidates = [pictures + "/BingWallpaper"]
    case .variety:
      let downloaded =
        (environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config")
        + "/variety/Downloaded"
      let entries = (try? files.names(in: downloaded)) ?? []
      candidates = entries.filter { $0.hasPrefix("Bing") }.sorted().map { downloaded + "/" + $0 }
    case .ttg: candidates = [pictures + "/TTGBingWallPaper"]
    case .pybingwallpaper: candidates = [home + "/MyBingWallpapers"]
    case .mklein994:
      let data =
        environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
      candidates = [data + "/bing_wallpaper"]
    case .thejandroman: candidates = [pictures + "/bing-wallpapers"]
    }
    return candidates.filter { files.status(of: $0, followingLinks: true)?.kind == .folder }
  }

  /// Where every peer looked, for the message when none of its folders is there.
  package func looked(environment: [String: String], home: String, in files: any FileSystem) -> String {
    let pictures = Self.picturesFolder(environment: environment, home: home, in: files)
    switch self {
    case .neffo: return pictures + "/BingWallpaper"
    case .variety: return home + "/.config/variety/Downloaded/Bing*"
    case .ttg: return pictures + "/TTGBingWallPaper"
    case .pybingwallpaper: return home + "/MyBingWallpapers"
    case .mklein994: return home + "/.local/share/bing_wallpaper"
    case .thejandroman: return pictures + "/bing-wallpapers"
    }
  }

  /// `XDG_PICTURES_DIR`: the environment's, else `user-dirs.dirs`'s (`"$HOME/Pictures"`), else
  /// `~/Pictures`, as `xdg-user-dir PICTURES` answers.
  static func picturesFolder(environment: [String: String], home: String, in files: any FileSystem) -> String
  {
    if let named = environment["XDG_PICTURES_DIR"], named.hasPrefix("/") { return named }
    let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
    if let bytes = try? files.contents(of: config + "/user-dirs.dirs", limit: 64 << 10) {
      for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n")
      where line.hasPrefix("XDG_PICTURES_DIR=") {
        var value = line.dropFirst("XDG_PICTURES_DIR=".count)
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
          value = value.dropFirst().dropLast()
        }
        let path = value.hasPrefix("$HOME") ? home + value.dropFirst(5) : String(value)
        if path.hasPrefix("/"), !path.contains("..") { return path }
      }
    }
    return home + "/Pictures"
  }
}
