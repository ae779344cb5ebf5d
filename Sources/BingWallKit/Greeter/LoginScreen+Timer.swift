import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

extension LoginScreen {
  static let unitName = "bingwall-greeter"
  var unitFolder: String { onDisk("/etc/systemd/system") }

  /// The service and timer that refresh the login screen from `user`'s history once a day.
  static func units(user: String, executable: String) -> (service: String, timer: String) {
    (
      """
      # Written by 'bingwall greeter enable'; 'bingwall greeter disable' removes it.
      [Unit]
      Description=Put the newest picture of \(user)'s bingwall history on the login screen
      After=local-fs.target

      [Service]
      Type=oneshot
      ExecStart=\(executable) greeter set --user \(user)

      """,
      """
      # Written by 'bingwall greeter enable'; 'bingwall greeter disable' removes it.
      [Unit]
      Description=Refresh the login screen's bingwall picture daily

      [Timer]
      OnCalendar=daily
      Persistent=true
      RandomizedDelaySec=30min

      [Install]
      WantedBy=timers.target

      """
    )
  }

  /// Installs and starts the daily timer; returns what was done, one line each.
  package func enable(user: String) throws -> [String] {
    try requireRoot("enable")
    guard getpwnam(user) != nil else { throw Failure.noUser(user) }
    // A user name goes into ExecStart: only the characters user names are made of.
    guard Self.isPlainUserName(user) else { throw Failure.noUser(user) }
    let executable = try AutostartEnvironment.executable(environment: context.environment).path
    let units = Self.units(user: user, executable: executable)
    try Paths.ensureDirectory(unitFolder)
    try AtomicFile.write(Data(units.service.utf8), to: unitFolder + "/\(Self.unitName).service", mode: 0o644)
    try AtomicFile.write(Data(units.timer.utf8), to: unitFolder + "/\(Self.unitName).timer", mode: 0o644)
    var done = ["Wrote \(unitFolder)/\(Self.unitName).service", "Wrote \(unitFolder)/\(Self.unitName).timer"]
    done += try systemctl(["daemon-reload"])
    done += try systemctl(["enable", "--now", "\(Self.unitName).timer"])
    return done
  }

  /// Stops and removes the timer; returns what was done.
  package func disable() throws -> [String] {
    try requireRoot("disable")
    var done: [String] = []
    let timer = unitFolder + "/\(Self.unitName).timer"
    guard access(timer, F_OK) == 0 else { return [] }
    done += try systemctl(["disable", "--now", "\(Self.unitName).timer"])
    for name in ["\(Self.unitName).timer", "\(Self.unitName).service"]
    where unlink(unitFolder + "/" + name) == 0 {
      done.append("Removed \(unitFolder)/\(name)")
    }
    done += try systemctl(["daemon-reload"])
    return done
  }

  /// ASCII letters, digits, `.`, `_` and `-`, as `useradd` allows; nothing systemd would expand.
  static func isPlainUserName(_ name: String) -> Bool {
    !name.isEmpty && !name.hasPrefix("-")
      && name.utf8.allSatisfy { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)
          || byte == 0x2e || byte == 0x5f || byte == 0x2d
      }
  }

  /// The system manager, with its own words when it fails.
  private func systemctl(_ arguments: [String]) throws -> [String] {
    let result = try context.processes.run(
      ProcessInvocation(arguments: ["systemctl"] + arguments, environment: context.environment, timeout: 30))
    guard result.status == 0 else {
      throw Failure.file(
        "systemctl \(arguments.joined(separator: " ")) failed: \(TerminalText.clean(result.stderrText.trimmed()))"
      )
    }
    return ["Ran systemctl \(arguments.joined(separator: " "))"]
  }
}
