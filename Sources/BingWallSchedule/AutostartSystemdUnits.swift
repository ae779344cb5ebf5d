import BingWallSystem
import FoundationEssentials
import Glibc

/// The user units of one systemd method and the systemctl steps around them, shared by the service
/// and the timer method so both write, enable, report and take back their units the same way.
package struct AutostartSystemdUnits: Sendable {
  /// One unit file: its name in `~/.config/systemd/user` and its content.
  struct Unit: Sendable, Equatable {
    var name: String
    var text: String
  }

  let method: String
  let folder: String
  /// Every file the method writes.
  let names: [String]
  /// The unit `enable --now` starts: the service, or the timer.
  let main: String
  /// The `WantedBy=` target, whose `.wants` folder `systemctl enable` puts its link in.
  let target: String
  /// A changed service must be restarted to run the new command line; a timer needs nothing.
  let restartsOnChange: Bool
  let systemctl: AutostartSystemctl
  /// `enable --now` and `disable --now`: false from the daemon's own menu (see
  /// `AutostartEnvironment.leavesDaemonRunning`).
  var now = true

  private var enableStep: [String] { now ? ["enable", "--now", main] : ["enable", main] }

  private var files: [AutostartFile] { names.map { AutostartFile(path: folder + "/" + $0) } }

  /// The link `systemctl --user enable` makes, which `disable` must remove when systemctl cannot.
  var wantsLink: String { "\(folder)/\(target).wants/\(main)" }

  /// An executable path as the first word of `ExecStart=`.
  ///
  /// systemd refuses a command path with control characters, quotes or backslashes ("Executable name
  /// contains special characters"), so those are refused here with a clearer message. Whitespace
  /// needs double quotes; `%` starts a specifier and is doubled. `$` is left alone: systemd expands
  /// variables only in the arguments, never in the program path.
  package static func execPath(_ path: String, method: String) throws(AutostartError) -> String {
    for character in path {
      let scalar = character.unicodeScalars.first!.value
      if scalar < 0x20 || scalar == 0x7f || "\\\"'".contains(character) {
        throw .unsafePath(
          method: method, path: path, character: character,
          reason: "which systemd refuses in the path of a command")
      }
    }
    let escaped = path.replacingEvery("%", with: "%%")
    return escaped.contains(where: \.isWhitespace) ? "\"\(escaped)\"" : escaped
  }

  /// A path as one word of a path list (`ReadWritePaths=`), with its prefix (`-`): quoted and
  /// escaped as `execPath` does, which systemd's path lists read the same way.
  package static func pathWord(_ path: String, method: String) throws(AutostartError) -> String {
    try execPath(path, method: method)
  }

  func status() -> AutostartStatus {
    var result = AutostartStatus(method: method, enabled: false)
    var missing: [String] = []
    for file in files {
      switch try? file.state() {
      case .ours: result.files.append(file.path)
      case .foreign: result.note = "\(file.path) is there but was not written by bingwall"
      default: missing.append(file.path)
      }
    }
    guard result.note == nil, !result.files.isEmpty else { return result }
    let enable = "bingwall autostart enable --method \(method)"
    if !missing.isEmpty {
      result.note = "incomplete: \(missing.joined(separator: ", ")) is missing"
      result.fix = "run '\(enable)'"
      return result
    }
    if let text = try? String(contentsOfFile: files[0].path, encoding: .utf8) {
      result.sandbox = AutostartSandbox.level(ofUnit: text)
    }
    switch systemctl.reachability {
    case .reachable:
      switch systemctl.enablement(of: main) {
      case "enabled", "enabled-runtime":
        result.enabled = true
      case "masked":
        result.note = "masked in systemd"
        result.fix = "run 'systemctl --user unmask \(main)', then '\(enable)'"
      case nil, "disabled":
        result.note = "written, not enabled"
        result.fix = "run '\(enable)'"
      case let word?:
        result.note = "systemd says \(word)"
        result.fix = "run '\(enable)'"
      }
    case .unreachable:
      // The link `systemctl enable` makes is what the manager reads at login; systemd itself
      // cannot be asked from here to confirm.
      if isOurWantsLink() {
        result.enabled = true
        result.note = "not confirmed: systemd cannot be asked from here"
      } else {
        result.note = "written, not enabled"
        result.fix = "run '\(enable)' in your desktop session"
      }
    }
    return result
  }

  /// Writes `units`, made for the sandbox this user manager allows, and says which sandbox that is.
  func enable(_ units: (AutostartSandbox.Level) throws(AutostartError) -> [Unit]) throws(AutostartError)
    -> AutostartReport
  {
    let sandbox = systemctl.sandbox
    var report = try enable(try units(sandbox.level))
    report.sandbox = sandbox
    return report
  }

  private func enable(_ units: [Unit]) throws(AutostartError) -> AutostartReport {
    let files = units.map { AutostartFile(path: folder + "/" + $0.name) }
    var existed = true
    // Every file is looked at before any is written, so a foreign timer cannot leave half a method.
    for file in files {
      switch try file.state() {
      case .foreign: throw .foreignFile(path: file.path)
      case .absent: existed = false
      case .ours: break
      }
    }
    var report = AutostartReport(method: method, outcome: .alreadyEnabled)
    for (file, unit) in zip(files, units) {
      if try file.write(unit.text) { report.actions.append("wrote \(file.path)") }
    }
    let changed = !report.actions.isEmpty
    if changed { report.outcome = existed ? .updated : .enabled }

    var steps: [[String]] = []
    if changed { steps.append(["daemon-reload"]) }
    if case .reachable = systemctl.reachability {
      if changed || systemctl.enablement(of: main) != "enabled" {
        steps.append(enableStep)
        if report.outcome == .alreadyEnabled { report.outcome = .enabled }
      }
      if report.outcome == .updated, restartsOnChange, now { steps.append(["try-restart", main]) }
      for step in steps { report.actions.append(try systemctl.run(step)) }
      if target == "graphical-session.target", let warning = inactiveSessionWarning() {
        report.warnings.append(warning)
      }
    } else if case .unreachable(let reason) = systemctl.reachability {
      // The link `systemctl enable` made says it is on; unchanged, there is nothing to do.
      let linked = isOurWantsLink()
      if linked, !changed { return report }
      // Whether someone ran the commands since the files were written cannot be known here: give
      // them again. A unit never enabled is being turned on, not updated.
      if !changed { steps.append(["daemon-reload"]) }
      steps.append(enableStep)
      if report.outcome == .updated, restartsOnChange, now { steps.append(["try-restart", main]) }
      if !linked { report.outcome = .enabled }
      report.pending = steps.map(AutostartSystemctl.command)
      report.pendingReason = reason
    }
    return report
  }

  /// A desktop that never starts graphical-session.target (many X11 window managers) would never
  /// start the service either; better to say so now than to leave the user waiting at next login.
  private func inactiveSessionWarning() -> String? {
    guard let result = systemctl.query(["is-active", target], timeout: .seconds(5)) else { return nil }
    let state = result.stdoutText.trimmed()
    if state == "active" { return nil }
    return "\(target) is \(state.isEmpty ? "not active" : state) in this session, so the service starts "
      + "only in desktops that start that target (GNOME, KDE Plasma, sway with systemd "
      + "integration); elsewhere use --method xdg"
  }

  func disable() throws(AutostartError) -> AutostartReport {
    var report = AutostartReport(method: method, outcome: .alreadyDisabled)
    var ours: [AutostartFile] = []
    for file in files {
      switch try file.state() {
      case .ours: ours.append(file)
      case .foreign: throw .foreignFile(path: file.path)
      case .absent: break
      }
    }
    guard !ours.isEmpty || isOurWantsLink() else { return report }
    report.outcome = .disabled
    let reachable = systemctl.isReachable
    // Before the files go: systemctl reads the [Install] section to find the links it must remove.
    if reachable, !ours.isEmpty {
      report.actions.append(try systemctl.run(now ? ["disable", "--now", main] : ["disable", main]))
    }
    // What systemctl could not remove: it was not reachable, or the unit file was already gone.
    if isOurWantsLink() {
      if unlink(wantsLink) != 0, errno != ENOENT {
        throw .file(.system(operation: "remove", path: wantsLink, errno: errno))
      }
      report.actions.append("removed \(wantsLink)")
    }
    for file in ours {
      if try file.remove() { report.actions.append("removed \(file.path)") }
    }
    if reachable {
      report.actions.append(try systemctl.run(["daemon-reload"]))
    } else if case .unreachable(let reason) = systemctl.reachability {
      report.pending = [["stop", main], ["daemon-reload"]].map(AutostartSystemctl.command)
      report.pendingReason = reason
    }
    return report
  }

  /// Whether the `.wants` link is there and points at our unit (not at some other file of that name).
  func isOurWantsLink() -> Bool {
    var info = stat()
    guard lstat(wantsLink, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return false }
    guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: wantsLink) else {
      return false
    }
    let absolute =
      destination.hasPrefix("/") ? destination : "\(folder)/\(target).wants/\(destination)"
    return URL(fileURLWithPath: absolute).standardized.path == "\(folder)/\(main)"
  }
}

extension AutostartSystemdUnits {
  /// The units of `method` in the environment's user unit folder, run by its systemctl.
  init(
    _ environment: AutostartEnvironment, method: String, names: [String], main: String, target: String,
    restartsOnChange: Bool
  ) {
    self.init(
      method: method, folder: environment.systemdUserFolder, names: names, main: main, target: target,
      restartsOnChange: restartsOnChange, systemctl: environment.systemctl)
  }
}

/// A method made of systemd user units (the service, the timer): its name, status and disable
/// are its units'; only what it writes differs.
protocol AutostartSystemdMethod: AutostartMethod {
  /// The name `--method` takes.
  static var method: String { get }
  var units: AutostartSystemdUnits { get }
}

extension AutostartSystemdMethod {
  var name: String { Self.method }

  func status() -> AutostartStatus { units.status() }

  func disable() throws(AutostartError) -> AutostartReport { try units.disable() }
}
