import BingWallSystem
import FoundationEssentials

/// What can go wrong writing or opening the gallery page.
enum GalleryError: Error, Equatable, Sendable {
  /// The page could not be written at `path`; `reason` is the system's.
  case cannotWrite(path: String, reason: String)
  /// The page was written but there is no `xdg-open` to show it.
  case openerMissing(page: String)
}

extension GalleryError: DescribedError {
  var description: String {
    switch self {
    case .cannotWrite(let path, let reason):
      return "cannot write the gallery to \(path) (\(reason))"
    case .openerMissing(let page):
      return "wrote \(page) but cannot open it: 'xdg-open' is not installed (Debian: xdg-utils)"
    }
  }
}

extension GalleryError: HintedError {
  var hint: String? {
    switch self {
    case .cannotWrite: return "choose a writable folder with --output"
    case .openerMissing: return "open the file in a browser"
    }
  }
}
