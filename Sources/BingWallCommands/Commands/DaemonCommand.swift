import BingWallCLI
import BingWallKit
import BingWallSchedule
import BingWallSystem

/// `bingwall daemon`: refresh when Bing publishes, rotate on a schedule, in the foreground.
enum DaemonCommand: CommandDefinition {
  static let rotateEvery = Option<Duration>(
    "rotate", name: "duration", kind: .duration,
    help: "Show another stored picture this often, e.g. 30m, 2h.",
    default: "config daemon.rotate, off"
  ).overriding(ConfigSchema.rotate)
  static let favorites = Flag("favorites", help: "Rotate through favourite pictures only.")
    .overriding(ConfigSchema.favoritesOnly)
  static let noUpdate = Flag("no-update", help: "Do not fetch new pictures; only rotate.")
  static let options: [any OptionHandle] = [rotateEvery, favorites, noUpdate]

  static let spec = CommandSpec(
    name: "daemon",
    abstract: "Keep the wallpaper fresh while it runs: new pictures as Bing publishes them, and rotation.",
    discussion: """
      Keeps the wallpaper fresh while it runs: fetches each market's new picture soon after Bing \
      publishes it, catches up after a suspend or when the network comes back, and with --rotate \
      shows another stored picture every so often. 'bingwall autostart enable' starts it at login; \
      with --tray, also with an icon and a menu in the panel (daemon.tray). HUP reloads the \
      configuration, USR1 rotates now, TERM stops it.
      """,
    reference: """
      Updates when each market's next picture is due (its start + 24 h, plus 1-10 minutes of \
      jitter), backs off after failures, and rotates through stored pictures when asked. \
      Sleeps on one real-time timer, so it wakes on time after a suspend and at once after a \
      clock change. Each update runs as a child process (bingwall update), so a crash or a \
      hang costs one update, not the daemon. On the system bus it hears the network come \
      back (an owed update within a minute), the connection or the power change (an update \
      held back for them), and the machine wake (the clock read again). Signals: TERM or INT stop it (and a running \
      update), HUP reloads the config, USR1 rotates now. One daemon per user.

      With daemon.tray on ('bingwall autostart enable --tray' sets it), it shows an icon in \
      the panel's tray (a StatusNotifierItem) with a menu: the picture's title and credit; \
      Next, Previous, Random and Newest (an update now); Favorite and Ban (which moves on); \
      the picture's page, the gallery and the pictures folder; Auto Update (untick to pause \
      its updates and rotation), Start at Login; and Quit, which stops this daemon and leaves \
      the autostart as it is. Scrolling on the icon steps to the next or previous picture. A \
      panel that starts or restarts later gets the icon at once. With daemon.notify on, each \
      new picture is a notification with Keep (favourite), Next and Ban, where the \
      notification server has buttons; a click on it opens the picture's page; each replaces \
      the last. Both are read at start: restart the daemon after changing them.
      """,
    options: options.map(\.spec),
    examples: [
      CommandExample("daemon", "Refresh soon after Bing publishes, until stopped"),
      CommandExample("daemon --rotate 30m", "Also show another stored picture every 30 minutes"),
      CommandExample(
        "daemon --rotate 2h --favorites --no-update", "Only rotate through your favourites, fetching nothing"),
    ])

  /// One config load: the file's settings under this command line's options. The lines of the
  /// file left out go to the daemon's log, at the start and at each reload.
  static func settings(_ invocation: Invocation, _ context: Context) throws -> Daemon.Settings {
    Daemon.Settings(
      resources: try Resources(invocation, context, options: options, saysIgnoredLines: false),
      updates: !invocation[noUpdate])
  }

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let log = DaemonLog(output: context.stderr, clock: context.clock, environment: context.environment)
    // `-v` lines (a rotation's backend, screens, pictures) are log lines too: stamped like them.
    var context = context
    if context.trace.isOn { context.trace = Trace(sink: { log.line($0) }) }
    let loaded = context
    return try Daemon(
      context: context, configFile: invocation.configFile, log: log,
      load: { try settings(invocation, loaded) }, rotationLines: { RotateText.logLines($0) }
    ).run()
  }
}
