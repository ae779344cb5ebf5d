import BingWallSystem
import FoundationEssentials
import Glibc

/// What the autostart methods share: where the user's config lives and how to run systemctl and crontab.
///
/// Built once per command from the context, so every method sees the same folders, the same child
/// environment and one cached answer to "does a systemd user instance answer".
package struct AutostartEnvironment: Sendable {
  /// The variable that names the binary to write into the files instead of the running one.
  ///
  /// For tests (the real built binary in a throwaway HOME) and for packagers, who enable autostart
  /// while building and want `/usr/bin/bingwall`, not the path of the build tree.
  package static let executableOverride = "BINGWALL_AUTOSTART_EXEC"

  /// `$XDG_CONFIG_HOME`, where systemd looks for user units and desktops for autostart entries.
  let configHome: String
  let processes: any ProcessRunner
  /// The environment children get: ours, with the session bus and runtime folder filled in.
  let environment: [String: String]
  package let systemctl: AutostartSystemctl
  /// Set by the daemon's own menu (Start at login): the service is enabled or disabled for the
  /// next login without being started or stopped now, since this daemon is the one it runs.
  package var leavesDaemonRunning = false

  package init(configHome: String, processes: any ProcessRunner, environment: [String: String]) {
    self.configHome = configHome
    self.processes = processes
    let filled = Self.sessionEnvironment(environment)
    self.environment = filled
    systemctl = AutostartSystemctl(processes: processes, environment: filled)
  }

  /// `~/.config/systemd/user`: the user units systemd reads (and `systemctl --user edit` writes).
  var systemdUserFolder: String { configHome + "/systemd/user" }
  /// `~/.config/autostart`: the XDG autostart entries desktops start at login.
  var autostartFolder: String { configHome + "/autostart" }

  /// Every method, in the order `status` lists them.
  package var methods: [any AutostartMethod] {
    [AutostartSystemd(self), AutostartSystemdTimer(self), AutostartXDG(self), AutostartCron(self)]
  }

  package func method(named name: String) -> (any AutostartMethod)? {
    methods.first { $0.name == name }
  }

  /// systemctl and crontab need the runtime folder and the bus, which cron, `su` and some terminals
  /// drop: the runtime folder is `/run/user/UID` when that is ours, and `SessionBus` finds the
  /// bus in it.
  static func sessionEnvironment(_ environment: [String: String]) -> [String: String] {
    var environment = environment
    if !(environment["XDG_RUNTIME_DIR"] ?? "").hasPrefix("/") {
      let guess = "/run/user/\(getuid())"
      var info = stat()
      if stat(guess, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() {
        environment["XDG_RUNTIME_DIR"] = guess
      }
    }
    return SessionBus.filling(environment)
  }

  /// The absolute path to write into the files, and a warning when that path is likely to move.
  ///
  /// `BINGWALL_AUTOSTART_EXEC` wins. Otherwise the path the user ran, made absolute, when it is the
  /// running binary: a symlink such as `/usr/local/bin/bingwall` keeps working when an upgrade moves
  /// its target, which the resolved `/proc/self/exe` path would not. Else `/proc/self/exe`.
  package static func executable(
    environment: [String: String], argument0: String = CommandLine.arguments.first ?? "",
    currentDirectory: String = FileManager.default.currentDirectoryPath,
    running: String? = Self.runningExecutable()
  ) throws(AutostartError) -> (path: String, warning: String?) {
    if let override = environment[executableOverride], !override.isEmpty {
      guard override.hasPrefix("/") else { throw .relativeOverride(value: override) }
      return (override, nil)
    }
    var typed: String?
    if argument0.contains("/") {
      let absolute = argument0.hasPrefix("/") ? argument0 : currentDirectory + "/" + argument0
      typed = URL(fileURLWithPath: absolute).standardized.path
    } else if !argument0.isEmpty {
      typed = PosixProcessRunner.which(argument0, path: environment["PATH"])
    }
    let path: String
    if let typed, let running, sameFile(typed, running) {
      path = typed
    } else if let running {
      path = running
    } else {
      throw .executableUnknown
    }
    guard path.contains("/.build/") else { return (path, nil) }
    return (
      path,
      "\(path) is in a build folder (.build), which the next build or 'swift package clean' may move "
        + "or remove; install bingwall (make install) and run 'bingwall autostart enable' again"
    )
  }

  /// `/proc/self/exe`: the binary the kernel is running, symlinks resolved.
  static func runningExecutable() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // A binary replaced while running reads as "… (deleted)"; the name is still the one to write.
    return path.hasSuffix(" (deleted)") ? String(path.dropLast(" (deleted)".count)) : path
  }

  static func sameFile(_ first: String, _ second: String) -> Bool {
    var one = stat()
    var two = stat()
    guard stat(first, &one) == 0, stat(second, &two) == 0 else { return false }
    return one.st_dev == two.st_dev && one.st_ino == two.st_ino
  }

  /// Runs a program with the session environment.
  func run(_ arguments: [String], input: ProcessInput = .none, timeout: Duration = .seconds(30))
    throws(ProcessError)
    -> ProcessResult
  {
    try processes.run(
      ProcessInvocation(
        arguments: arguments, environment: environment, input: input, timeout: timeout))
  }
}
