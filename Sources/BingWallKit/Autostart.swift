import BingWallSchedule
import BingWallSystem

/// `bingwall autostart enable|disable|status`: start bingwall at login, or update every hour,
/// through one of the methods `AutostartEnvironment` knows.
package struct Autostart {
  /// Names of the methods, in the order `status` lists them.
  package static let methodNames = ["systemd", "systemd-timer", "xdg", AutostartCron.method]
  /// Methods that run `bingwall daemon`; two of them at once would start two daemons.
  static let daemonMethods: Set<String> = ["systemd", "xdg"]

  /// What `enable` and `disable` did, in order.
  package enum Event: Sendable {
    /// The autostart entry will run this binary, and why it may not last.
    case executableWarning(String)
    /// No method asked for and these are on: enabling again keeps them.
    case keeping([String])
    /// No method asked for and none is on: this one, for this reason.
    case chose(String, because: Choice)
    /// Another method that also starts the daemon is on: the second daemon would exit.
    case rivalDaemon(String)
    /// What one method did, and what it makes happen.
    case report(AutostartReport, effect: String)
    /// `disable` without a method, and none was on.
    case nothingWasOn
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

  package init(context: Context) {
    environment = AutostartEnvironment(
      configHome: context.paths.configHome, processes: context.processes, environment: context.environment)
    variables = context.environment
  }

  /// `method` nil: the methods that are on, else one chosen for this system.
  package func enable(_ method: String?) throws -> [Event] {
    var events: [Event] = []
    let (executable, warning) = try AutostartEnvironment.executable(environment: variables)
    if let warning { events.append(.executableWarning(warning)) }
    var chosen: [String]
    if let method {
      chosen = [method]
    } else {
      let on = environment.methods.filter { $0.status().enabled }.map(\.name)
      if !on.isEmpty {
        // Enabling again keeps what is there, even if this shell would pick otherwise.
        chosen = on
        events.append(.keeping(on))
      } else {
        let (name, reason) = choose()
        chosen = [name]
        events.append(.chose(name, because: reason))
      }
    }
    for name in chosen {
      guard let method = environment.method(named: name) else { continue }
      let rivals = Self.daemonMethods.subtracting(chosen).compactMap { environment.method(named: $0) }
      if Self.daemonMethods.contains(name), let rival = rivals.first(where: { $0.status().enabled }) {
        events.append(.rivalDaemon(rival.name))
      }
      events.append(.report(try method.enable(executable: executable), effect: method.effect))
    }
    return events
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
