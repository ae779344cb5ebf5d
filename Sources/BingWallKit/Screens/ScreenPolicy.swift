import BingWallDesktop
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// `[screens] policy`: whether the screens a backend sets one by one (or on one canvas) all show
/// the picture being set, or each another.
enum ScreenPolicy: String, Sendable, CaseIterable, LosslessStringConvertible, ConfigText {
  /// One picture, made for each screen's shape.
  case same
  /// The picture being set on the primary screen, other recent pictures on the rest.
  case different

  init?(_ description: String) { self.init(rawValue: description) }
  package var description: String { rawValue }

  /// How many stored pictures are looked at for the other screens: enough for the 16 screens
  /// `Output` allows, with room for banned and unreadable ones.
  static let candidateLimit = 48

  /// What the screens show when `picture` is set: the picture itself, as the desktop is given
  /// it, and which picture each screen shows (`ScreenAssignment`). For `different`, the newest
  /// stored pictures that are not `picture`, not banned and readable (favourites first when
  /// asked); `pins` on their own screens whatever the policy. A pin that names
  /// no stored picture is left out and reported. Every picture named has its readable portrait
  /// file, if any, for the screens on their side.
  static func assignment(
    files: any FileSystem, for picture: Picture, policy: ScreenPolicy, favoritesFirst: Bool,
    pins: [ScreenPin], store: HistoryStore,
    at now: Date
  ) throws -> (picture: PictureFile, assignment: ScreenAssignment, problems: [String]) {
    var problems: [String] = []
    var pinned: [(name: String, picture: Picture)] = []
    for pin in pins {
      do {
        pinned.append(
          (pin.output, try store.resolve(PictureSelector(parsing: pin.selector), market: nil, at: now)))
      } catch {
        problems.append("screens.pin '\(pin)': \(error)")
      }
    }
    var others: [Picture] = []
    if policy == .different {
      let recent = try store.pictures(HistoryStore.Query(limit: candidateLimit)).filter {
        $0.id != picture.id && !$0.banned && files.isReadable($0.path)
      }
      let ordered = favoritesFirst ? recent.filter(\.favorite) + recent.filter { !$0.favorite } : recent
      others = Array(ordered.prefix(Output.maximumCount - 1))
    }
    let portraits = try store.portraits(of: ([picture] + pinned.map(\.picture) + others).map(\.rowID))
    func file(_ shown: Picture) -> PictureFile {
      let portrait = portraits[shown.rowID].flatMap { files.isReadable($0) ? $0 : nil }
      return PictureFile(path: shown.path, key: shown.id.key, portrait: portrait)
    }
    var assignment = ScreenAssignment(others: others.map(file))
    for (name, shown) in pinned { assignment.pinned[name] = file(shown) }
    return (file(picture), assignment, problems)
  }
}
