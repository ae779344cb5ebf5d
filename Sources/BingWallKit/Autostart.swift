import BingWallSchedule
import BingWallSystem
import FoundationEssentials
import Glibc

/// `bingwall autostart enable|disable|status`: start bingwall at login, or update every hour,
/// through one of the methods `AutostartEnvironment` knows.
package struct Autostart {
  /// Names of the methods, in the order `status` lists them.
  package static let methodNames = ["systemd", "systemd-timer", "xdg", AutostartCron.method]
  /// Methods that run `bingwall daemon`; two of them at once would start two daemons.
  static let daemonMethods: Set<String> = ["systemd", "xdg"]

  /// What `enable` and `disable` did, in the order they are told: each method's outcome first.
  package enum Event: Sendable {
    /// The autostart entry will run this binary, and why it may not last.
    case executableWarning(String)
    /// No method asked for and these are on: enabling again keeps them.
    case keeping([String])
    /// No method asked for and none was on: this one, for this reason.
    case chose(String, because: Choice)
    /// Another method that also starts the daemon is on: the second daemon would exit.
    case rivalDaemon(String)
    /// What one method did, and what it makes happen.
    case report(AutostartReport, effect: String)
    /// `disable` without a method, and none was on.
    case nothingWasOn
    /// What the cron line's runs will do with the wallpaper, as things are now.
    case cronReach(AutostartReach)
    /// When the method just turned on runs next.
    case nextRun(NextRun)
  }

  /// When an enabled method runs next.
  package enum NextRun: Sendable, Equatable {
    /// cron: at this minute.
    case at(Date)
    /// The timer: at this full hour, give or take its ten minutes of spread.
    case hourAround(Date)
    /// systemd started the daemon now.
    case now
    /// The desktop starts the daemon at the next login.
    case atLogin
  }

  /// Why `enable` without `--method` picked its method.
  package enum Choice: Sendable, Equatable {
    case systemdAnswers
    /// No systemd user instance, and this is the desktop.
    case desktop(String)
    case nothingElse
  }

  let environment: AutostartEnvironment
  let variables: [String: String]
  let context: Context

  /// `fromDaemon`: the daemon's menu asks, so the service is neither started nor stopped now
  /// (it is this daemon).
  package init(context: Context, fromDaemon: Bool = false) {
    var environment = AutostartEnvironment(
      configHome: context.paths.configHome, processes: context.processes, environment: context.environment)
    environment.leavesDaemonRunning = fromDaemon
    self.environment = environment
    variables = context.environment
    self.context = context
  }

  /// Throws `trayNeedsDaemon` unless `enable(method, daemon: true)` would take a method that runs
  /// the daemon: asked before anything is written.
  package func checkRunsDaemon(_ method: String?) throws(AutostartError) {
    if let method {
      if !Self.daemonMethods.contains(method) { throw .trayNeedsDaemon(method: method) }
      return
    }
    if environment.methods.contains(where: { Self.daemonMethods.contains($0.name) && $0.status().enabled }) {
      return
    }
    let (name, _) = choose()
    if !Self.daemonMethods.contains(name) { throw .trayNeedsDaemon(method: nil) }
  }

  /// `method` nil: the methods that are on, else one chosen for this system. `daemon`: only a
  /// method that runs the daemon will do (`--tray`).
  package func enable(_ method: String?, daemon: Bool = false) throws -> [Event] {
    if daemon, let method, !Self.daemonMethods.contains(method) {
      throw AutostartError.trayNeedsDaemon(method: method)
    }
    var events: [Event] = []
    let (executable, warning) = try AutostartEnvironment.executable(environment: variables)
    if let warning { events.append(.executableWarning(warning)) }
    var chosen: [String]
    var choice: Choice?
    if let method {
      chosen = [method]
    } else {
      let on = environment.methods.filter {
        (!daemon || Self.daemonMethods.contains($0.name)) && $0.status().enabled
      }.map(\.name)
      if !on.isEmpty {
        // Enabling again keeps what is there, even if this shell would pick otherwise.
        chosen = on
        events.append(.keeping(on))
      } else {
        let (name, reason) = choose()
        if daemon, !Self.daemonMethods.contains(name) { throw AutostartError.trayNeedsDaemon(method: nil) }
        chosen = [name]
        choice = reason
      }
    }
    for name in chosen {
      guard let method = environment.method(named: name) else { continue }
      let rivals = Self.daemonMethods.subtracting(chosen).compactMap { environment.method(named: $0) }
      if Self.daemonMethods.contains(name), let rival = rivals.first(where: { $0.status().enabled }) {
        events.append(.rivalDaemon(rival.name))
      }
      let report = try method.enable(executable: executable)
      events.append(.report(report, effect: method.effect))
      if let choice { events.append(.chose(name, because: choice)) }
      guard report.pending.isEmpty else { continue }
      if let cron = method as? AutostartCron {
        events.append(.cronReach(AutostartReach.now(context: context)))
        events.append(.nextRun(.at(Self.next(minute: cron.minute, after: now, in: zone))))
      } else if let next = nextRun(name) {
        events.append(.nextRun(next))
      }
    }
    return events
  }

  var now: Date { context.clock.now() }

  /// When `name`, just enabled, runs next; nil for cron (`next(minute:after:)`) and for a name
  /// no method has.
  func nextRun(_ name: String) -> NextRun? {
    switch name {
    case "systemd": return .now
    case "xdg": return .atLogin
    case "systemd-timer": return .hourAround(Self.next(minute: 0, after: now, in: zone))
    default: return nil
    }
  }

  /// The first whole minute after `date` whose local minute is `minute`: when cron (and the
  /// timer's `OnCalendar=hourly`) run, which go by local time, in zones half an hour off too.
  package static func next(minute: Int, after date: Date, in zone: LocalTime) -> Date {
    // cron runs at whole minutes after this one.
    CronSchedule.hourly(atMinute: minute).next(atOrAfter: date.adding(.seconds(1)), in: zone) ?? date
  }

  /// The zone cron and systemd run in: the session's `TZ`.
  var zone: LocalTime { LocalTime(environment: variables) }

  /// The display bingwall's crontab line pins ("DISPLAY=:57"), as an older bingwall wrote it;
  /// nil when it pins none, or there is no line or no crontab program. For `doctor`.
  func pinnedCronDisplay() -> String? {
    guard context.processes.locate("crontab", onPath: variables["PATH"]) != nil else { return nil }
    return AutostartCron(environment).status().lines.first.flatMap(AutostartCron.pinnedDisplay(line:))
  }

  /// `method` nil: every method that has something of bingwall's installed.
  package func disable(_ method: String?) throws -> [Event] {
    var events: [Event] = []
    var any = false
    for candidate in methods(method) {
      // Without --method, only what is ours: a foreign bingwall.service is no reason to fail.
      if method == nil {
        let status = candidate.status()
        if status.files.isEmpty, status.lines.isEmpty { continue }
      }
      let report = try candidate.disable()
      any = any || report.outcome == .disabled
      if method != nil || report.outcome == .disabled {
        events.append(.report(report, effect: candidate.effect))
      }
    }
    if method == nil, !any { events.append(.nothingWasOn) }
    return events
  }

  package func status(_ method: String?) -> [AutostartStatus] {
    methods(method).map { $0.status() }
  }

  private func methods(_ name: String?) -> [any AutostartMethod] {
    environment.methods.filter { name == nil || $0.name == name }
  }

  /// The method for `enable` without `--method`, and why.
  func choose() -> (String, Choice) {
    if environment.systemctl.isReachable { return ("systemd", .systemdAnswers) }
    if let desktop = variables["XDG_CURRENT_DESKTOP"], !desktop.isEmpty {
      return ("xdg", .desktop(desktop))
    }
    return (AutostartCron.method, .nothingElse)
  }
}
