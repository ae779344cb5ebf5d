import BingWallDesktop
import BingWallSchedule
import BingWallStore
import BingWallSystem

/// The daemon's panel menu and answerable notifications (`daemon.tray`, `daemon.notify`): the
/// picture on screen shown in the menu after each change, a new picture announced after an
/// update, and each click run as the command would run it.
///
/// Used from the daemon's loop thread only (`refresh`), except `act`, which runs as a step on
/// the step thread and never touches the bus: hence `@unchecked Sendable`.
package final class DaemonDesktop: @unchecked Sendable {
  let face: DesktopFace
  let log: DaemonLog
  let notify: Bool
  /// The daemon runs updates (not `--no-update`): Newest can run one.
  let updates: Bool
  /// The picture on screen at the last refresh: an update that changed it announces the new one.
  private var onScreen: Int64?

  /// Nil when neither is asked for; also nil, said in the log, without a session bus.
  init?(_ resources: Resources, log: DaemonLog, updates: Bool, canAutoUpdate: Bool) {
    let configuration = resources.configuration
    let tray = configuration[ConfigSchema.tray]
    notify = configuration[ConfigSchema.notify]
    guard tray || notify else { return nil }
    self.log = log
    self.updates = updates
    let state = Self.state(resources, paused: false, updates: updates, canAutoUpdate: canAutoUpdate)
    do {
      face = try DesktopFace(
        environment: resources.context.environment, tray: tray, state: state.tray, log: { log.line($0) })
    } catch {
      log.warning("no panel menu or notifications: cannot reach the session bus (\(error))")
      return nil
    }
    onScreen = state.id
    if tray { log.line("showing the panel menu (daemon.tray)") }
  }

  /// The session bus, for the waiter to poll.
  var source: any SessionEventSource { face }

  /// Shows the picture on screen and the switches; after an update that set a new picture,
  /// announces it.
  func refresh(_ resources: Resources, paused: Bool, canAutoUpdate: Bool, afterUpdate: Bool) {
    let state = Self.state(resources, paused: paused, updates: updates, canAutoUpdate: canAutoUpdate)
    face.show(state.tray)
    defer { onScreen = state.id }
    guard afterUpdate, notify, let picture = state.picture, let shown = state.shown,
      picture.rowID != onScreen
    else { return }
    let story = picture.story?.description ?? ""
    face.announce(
      PictureNotice(
        shown, text: [story, picture.description, picture.caption].first { !$0.isEmpty } ?? "",
        file: picture.path))
  }

  private static func state(_ resources: Resources, paused: Bool, updates: Bool, canAutoUpdate: Bool)
    -> (tray: TrayState, picture: Picture?, shown: ShownPicture?, id: Int64?)
  {
    let startAtLogin = Autostart(context: resources.context).status(nil).contains { $0.enabled }
    let store = try? resources.existingHistory()
    let picture = try? store?.recentlyApplied(limit: 1).first.flatMap { try store?.picture(id: $0) }
    let shown = picture.map {
      ShownPicture(
        title: $0.displayTitle, credit: $0.credit, date: $0.date.description,
        source: $0.id.source.displayName, key: String($0.rowID), favorite: $0.favorite,
        hasPage: page(of: $0) != nil)
    }
    let tray = TrayState(
      picture: shown, autoUpdate: !paused, canAutoUpdate: canAutoUpdate, canUpdate: updates,
      startAtLogin: startAtLogin)
    return (tray, picture, shown, picture?.rowID)
  }

  /// A picture's page, when it is an https link: nothing else from a source is ever opened.
  static func page(of picture: Picture) -> String? {
    picture.copyrightLink.map(\.text).flatMap { $0.hasPrefix("https://") ? $0 : nil }
  }

  /// Runs what the user asked, each as its command would; a failure is one line in the log.
  static func act(_ requests: [DesktopRequest], resources: Resources, log: DaemonLog) {
    for request in requests {
      do {
        try act(request, resources: resources, log: log)
      } catch HistoryError.empty, HistoryError.nothingToPick {
        log.line("panel menu: no stored picture to show yet")
      } catch {
        log.error("panel menu: \(error)")
      }
    }
  }

  private static func act(_ request: DesktopRequest, resources: Resources, log: DaemonLog) throws {
    let context = resources.context
    switch request {
    case .next, .previous:
      let outcome = try Step(resources: resources).run(request == .next ? .newer : .older)
      log.line(
        outcome.applied == nil
          ? "panel menu: no \(request == .next ? "newer" : "older") picture"
          : "panel menu: set \(outcome.picture.id.key)")
    case .random:
      var rotate = Rotate.Request(reason: .random)
      rotate.favoritesOnly = resources.configuration[ConfigSchema.favoritesOnly]
      let outcome = try Rotate(resources: resources).run(rotate)
      log.line("panel menu: set \(outcome.picture.id.key)")
    case .favorite(let key, let on):
      let outcome = try Mark(resources: resources).run(
        .favorite, to: on, selectors: [selector(key)], market: nil)
      log.line(
        "panel menu: \(on ? "favourite" : "no longer a favourite"): \(outcome.pictures.map(\.id.key).joined())"
      )
    case .ban(let key):
      let outcome = try Mark(resources: resources).run(
        .banned, to: true, selectors: [selector(key)], market: nil)
      log.line("panel menu: banned \(outcome.pictures.map(\.id.key).joined())")
      if outcome.bannedCurrent {
        var rotate = Rotate.Request(reason: .random)
        rotate.favoritesOnly = resources.configuration[ConfigSchema.favoritesOnly]
        let next = try Rotate(resources: resources).run(rotate)
        log.line("panel menu: set \(next.picture.id.key)")
      }
    case .open(.page(let key)):
      guard let store = try resources.existingHistory() else { throw HistoryError.empty }
      let picture = try store.resolve(selector(key), market: nil, at: context.clock.now())
      guard let page = page(of: picture) else {
        log.line("panel menu: \(picture.id.key) has no page to open")
        return
      }
      try Gallery.open(page, context: context)
    case .open(.gallery):
      try Gallery.open(try Gallery.make(target: nil, resources: resources).page, context: context)
    case .open(.picturesFolder):
      try Gallery.open(resources.imageFolder.path, context: context)
    case .startAtLogin(let on):
      let autostart = Autostart(context: context, fromDaemon: true)
      _ = try on ? autostart.enable(nil) : autostart.disable(nil)
      log.line(on ? "panel menu: starts at login" : "panel menu: no longer starts at login")
    case .quit, .autoUpdate, .newest:
      break  // the loop's own
    }
  }

  /// The menu and the notifications name a picture by its row id, which no title or key can
  /// make ambiguous; nil is the one on screen.
  private static func selector(_ key: String?) -> PictureSelector {
    key.flatMap { Int64($0) }.map { .id($0) } ?? .current
  }
}
