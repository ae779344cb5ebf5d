import Foundation

/// The panel icon's files as the repository keeps them under data/, each named by its path
/// below data/, which is its path below share/ wherever bingwall is installed:
/// `icons/hicolor/SIZE/apps/NAME`.
package enum CommittedIcons {
  /// The drawing every bitmap is rendered from.
  package static let scalable = "icons/hicolor/scalable/apps/bingwall.svg"
  /// One of the bitmaps `make icons` renders.
  package static let bitmap48 = "icons/hicolor/48x48/apps/bingwall.png"
  /// The sizes `make icons` renders (its ICON_SIZES).
  package static let bitmapSizes = [22, 32, 48, 64, 128, 256]

  /// Every committed icon file, sorted.
  package static func all() -> [String] {
    let data = PackageRoot.path("data")
    let below = (FileManager.default.subpaths(atPath: data + "/icons") ?? []).map { "icons/" + $0 }
    return below.filter { path in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: data + "/" + path, isDirectory: &isFolder)
        && !isFolder.boolValue
    }.sorted()
  }

  /// The committed file of `icon`, a path below data/.
  package static func path(_ icon: String) -> String { PackageRoot.path("data/" + icon) }

  /// The bitmap of side `size`, a path below data/.
  package static func bitmap(_ size: Int) -> String { "icons/hicolor/\(size)x\(size)/apps/bingwall.png" }
}
