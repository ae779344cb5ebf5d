import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallNet
import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// `bingwall autostart enable|disable|status [--method M]`: start at login, or update periodically.
enum AutostartCommand {
  static let methodNames = ["systemd", "systemd-timer", "xdg", "cron"]
  /// Methods that run `bingwall daemon`; two of them at once would start two daemons.
  static let daemonMethods: Set<String> = ["systemd", "xdg"]

  /// `--method`, worded for each subcommand.
  static let method = Option<String>("method", name: "method", kind: .choice(methodNames), help: "")

  static func methodOption(_ help: String) -> OptionSpec { method.with(help: help).spec }

  static let command = Command(
    spec: CommandSpec(
      name: "autostart", abstract: "Start bingwall at login, or update every hour, without you.",
      discussion: """
        Methods: 'systemd' is a user service running 'bingwall daemon' with the graphical session; \
        'systemd-timer' runs 'bingwall update' every hour; 'xdg' is a desktop autostart entry \
        (~/.config/autostart) running 'bingwall daemon' at login; 'cron' is an hourly \
        'bingwall update' line in your crontab. Files and lines written are marked as bingwall's, \
        and only those are ever changed or removed.

        The absolute path of the running bingwall goes into each entry. \
        \(AutostartEnvironment.executableOverride) names another one instead (for packaging and \
        tests).
        """,
      subcommands: [
        CommandSpec(
          name: "enable", abstract: "Install and start an autostart entry.",
          discussion: """
            Without --method: systemd when a systemd user instance answers, else xdg when \
            XDG_CURRENT_DESKTOP is set, else cron; a method that is already on is kept. Enabling \
            again changes nothing. When systemd cannot be reached, the unit files are written \
            and the commands to finish are printed.
            """,
          options: [methodOption("How to start bingwall (default: chosen for this system).")]),
        CommandSpec(
          name: "disable", abstract: "Remove the autostart entries bingwall installed.",
          options: [methodOption("Only this method (default: every method that is on).")]),
        CommandSpec(
          name: "status", abstract: "Show which autostart methods are on.",
          options: [methodOption("Only this method."), CommonOptions.json.spec]),
      ]),
    run: run)

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let environment = AutostartEnvironment(
      configHome: context.paths.configHome, processes: context.processes, environment: context.environment)
    let output = AutostartOutput(context: context, quiet: invocation.quiet)
    var methods = environment.methods
    if let chosen = invocation[method] { methods = methods.filter { $0.name == chosen } }
    switch invocation.path.dropFirst().first {
    case "enable":
      if let file = invocation.configFile {
        output.warn(
          "--config \(file) applies to this command only; the autostart entry runs bingwall with the "
            + "default config file")
      }
      return try enable(invocation[method], environment, output, context)
    case "disable":
      return try disable(methods, explicit: invocation[method] != nil, output)
    case "status":
      status(methods.map { $0.status() }, json: invocation[CommonOptions.json], context)
      return ExitCode.success
    default:
      preconditionFailure("autostart subcommand not handled: \(invocation.path)")
    }
  }

  static func enable(
    _ requested: String?, _ environment: AutostartEnvironment, _ output: AutostartOutput,
    _ context: Context
  ) throws -> Int32 {
    let (executable, warning) = try AutostartEnvironment.executable(environment: context.environment)
    if let warning { output.warn(warning) }
    var chosen: [String]
    if let requested {
      chosen = [requested]
    } else {
      let on = environment.methods.filter { $0.status().enabled }.map(\.name)
      if !on.isEmpty {
        // Enabling again keeps what is there, even if this shell would pick otherwise.
        chosen = on
        output.say("Autostart is on with \(on.joined(separator: ", ")); keeping it.")
      } else {
        let (name, reason) = choose(environment, context.environment)
        chosen = [name]
        output.say("Using \(name): \(reason) (choose another with --method).")
      }
    }
    for name in chosen {
      guard let method = environment.method(named: name) else { continue }
      // Two daemons would fight over the lock; say so rather than leave the second one failing.
      let rivals = daemonMethods.subtracting(chosen).compactMap { environment.method(named: $0) }
      if daemonMethods.contains(name), let rival = rivals.first(where: { $0.status().enabled }) {
        output.warn(
          "\(rival.name) also starts bingwall daemon; the second daemon will exit as 'already running'. "
            + "Turn one off: bingwall autostart disable --method \(rival.name)")
      }
      output.show(try method.enable(executable: executable), effect: method.effect)
    }
    return ExitCode.success
  }

  /// The method for `enable` without `--method`, and why, for the message.
  static func choose(_ environment: AutostartEnvironment, _ variables: [String: String]) -> (String, String) {
    if environment.systemctl.isReachable { return ("systemd", "a systemd user instance answers") }
    if let desktop = variables["XDG_CURRENT_DESKTOP"], !desktop.isEmpty {
      return ("xdg", "no systemd user instance answers, and the desktop is \(desktop)")
    }
    return ("cron", "no systemd user instance answers and no desktop is running")
  }

  static func disable(_ methods: [any AutostartMethod], explicit: Bool, _ output: AutostartOutput) throws
    -> Int32
  {
    var any = false
    for method in methods {
      // Without --method, only what is ours: a foreign bingwall.service is no reason to fail.
      if !explicit {
        let status = method.status()
        if status.files.isEmpty, status.lines.isEmpty { continue }
      }
      let report = try method.disable()
      any = any || report.outcome == .disabled
      if explicit || report.outcome == .disabled { output.show(report, effect: method.effect) }
    }
    if !explicit, !any { output.say("Autostart was not on; nothing changed.") }
    return ExitCode.success
  }

  static func status(_ statuses: [AutostartStatus], json: Bool, _ context: Context) {
    if json {
      let items = statuses.map { status -> JSONOutput in
        var members: [(String, JSONOutput)] = [
          ("method", .string(status.method)), ("enabled", .bool(status.enabled)),
          ("files", .array(status.files.map(JSONOutput.string))),
        ]
        if status.method == AutostartCron.method {
          members.append(("lines", .array(status.lines.map(JSONOutput.string))))
        }
        members.append(("note", .optional(status.note)))
        return .object(members)
      }
      context.stdout.write(JSONOutput.array(items).rendered() + "\n")
      return
    }
    let width = (statuses.map(\.method.count).max() ?? 0) + 2
    for status in statuses {
      let name = status.method + String(repeating: " ", count: width - status.method.count)
      var details = status.files + status.lines.map { "crontab: \($0)" }
      if let note = status.note { details.append("(\(note))") }
      let detail = details.isEmpty ? "" : "  " + details.joined(separator: "; ")
      context.stdout.write(TerminalText.clean(name + (status.enabled ? "on " : "off") + detail) + "\n")
    }
  }
}

/// How `autostart` talks: what happened on stdout, advice on stderr, both silenced by `--quiet`
/// except the commands the user still has to run.
struct AutostartOutput {
  let context: Context
  let quiet: Bool

  func say(_ text: String) {
    if !quiet { context.stdout.write(TerminalText.clean(text) + "\n") }
  }

  func warn(_ text: String) {
    if !quiet { context.stderr.write("warning: " + TerminalText.clean(text) + "\n") }
  }

  func show(_ report: AutostartReport, effect: String) {
    for action in report.actions { say(action) }
    switch report.outcome {
    case .enabled: say("Autostart on (\(report.method)): \(effect).")
    case .updated: say("Autostart updated (\(report.method)): \(effect).")
    case .alreadyEnabled: say("Autostart already on (\(report.method)); nothing changed.")
    case .disabled: say("Autostart off (\(report.method)).")
    case .alreadyDisabled: say("Autostart was already off (\(report.method)); nothing changed.")
    }
    for warning in report.warnings { warn(warning) }
    guard !report.pending.isEmpty else { return }
    // Printed even with --quiet: without them the job is not finished.
    let reason = report.pendingReason.map { " (\($0))" } ?? ""
    context.stdout.write(
      TerminalText.clean(
        "systemd is not reachable from here\(reason). To finish, run in your desktop session:")
        + "\n")
    for command in report.pending {
      context.stdout.write("  " + TerminalText.clean(command.joined(separator: " ")) + "\n")
    }
  }
}
