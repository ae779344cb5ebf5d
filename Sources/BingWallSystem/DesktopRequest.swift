/// What the user asked of the daemon from the desktop: a click in the panel menu, a scroll on
/// its icon, a button of a notification. Each is one use case call, the same as the command's.
package enum DesktopRequest: Sendable, Equatable, Hashable {
  case next, previous, random
  /// An update now (the menu's Newest).
  case newest
  /// Marks a picture a favourite or not: `key` is the picture's selector, nil for the one on
  /// screen.
  case favorite(key: String?, on: Bool)
  /// Bans a picture (nil: the one on screen) and, when it is on screen, moves on.
  case ban(key: String?)
  case open(DesktopPlace)
  /// Pauses (false) or resumes (true) the daemon's updates and rotation.
  case autoUpdate(Bool)
  /// Turns the autostart on or off.
  case startAtLogin(Bool)
  /// This session's daemon stops; the autostart stays as it is.
  case quit
}

/// What the menu and a notification can open.
package enum DesktopPlace: Sendable, Equatable, Hashable {
  /// The page of a picture (nil: the one on screen).
  case page(key: String?)
  case gallery
  case picturesFolder
}

extension DesktopRequest {
  /// The requests that are steps of work, in order, with the moves between pictures made one:
  /// Next and Previous add up (a scroll of ten notches is one step of the sum's direction, none
  /// when they cancel out) and stand where the first of them stood; Quit, Auto update and Newest
  /// are the loop's own and left out.
  package static func coalesced(_ requests: [DesktopRequest]) -> [DesktopRequest] {
    var result: [DesktopRequest] = []
    var moves = 0
    var movePlace: Int?
    for request in requests {
      switch request {
      case .quit, .autoUpdate, .newest: continue
      case .next, .previous:
        moves += request == .next ? 1 : -1
        if movePlace == nil { movePlace = result.count }
      default:
        if !result.contains(request) { result.append(request) }
      }
    }
    if let movePlace, moves != 0 { result.insert(moves > 0 ? .next : .previous, at: movePlace) }
    return result
  }
}
