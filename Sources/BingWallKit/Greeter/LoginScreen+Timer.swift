import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

extension LoginScreen {
  static let unitName = "bingwall-greeter"
  var unitFolder: String { onDisk("/etc/systemd/system") }

  /// What `enable` did, one line each, and what the user should know about it.
  package struct TimerReport: Sendable, Equatable {
    package var actions: [String] = []
    package var warnings: [String] = []
  }

  /// The folders of the greeters' configs the service may write, whether or not the greeter is
  /// installed today: one installed later works without enabling again. SDDM's is the themes
  /// folder, so a theme chosen later works too.
  static let greeterFolders = ["/etc/lightdm", "/usr/share/sddm/themes"]

  /// Folders a root service must never be given whole: the system's own, where a file written
  /// is a program, a library, a login rule or a unit. `writablePaths` never yields one.
  static let systemFolders: Set<String> = ["/", "/etc", "/usr", "/usr/share", "/usr/lib", "/var", "/var/lib"]

  /// The service and timer that refresh the login screen from `user`'s history once a day.
  ///
  /// The service runs as root, so it is sandboxed as far as `greeter set` allows: the whole file
  /// system read-only but `writable` and `/var/lib/bingwall` (`StateDirectory=`, which systemd
  /// creates), home folders read-only, no network, no devices, no other user's process, and of
  /// root's capabilities only the three that the reader of the user's files needs: `setgid`,
  /// `setgroups` and `setuid` to become the user, and `kill` to stop it when it overruns its time,
  /// as it is the user's process by then. `systemd-analyze security` scores it 1.4 ("OK").
  static func units(user: String, executable: String, writable: [String]) throws(AutostartError) -> (
    service: String, timer: String
  ) {
    let command = try AutostartSystemdUnits.execPath(executable, method: "greeter enable")
    let paths = try writable.map { path throws(AutostartError) in
      try AutostartSystemdUnits.pathWord("-" + path, method: "greeter enable")
    }
    return (
      """
      # Written by 'bingwall greeter enable'; 'bingwall greeter disable' removes it.
      [Unit]
      Description=Put the newest picture of \(user)'s bingwall history on the login screen
      After=local-fs.target

      [Service]
      Type=oneshot
      ExecStart=\(command) greeter set --user \(user)
      # A file that never ends (a FIFO) or a stuck disk must not hold the timer for ever.
      TimeoutStartSec=2min
      # Sandbox: nothing writable but /var/lib/bingwall and the greeters' configs.
      StateDirectory=bingwall
      ProtectSystem=strict
      ReadWritePaths=\(paths.joined(separator: " "))
      ProtectHome=read-only
      PrivateTmp=yes
      PrivateDevices=yes
      DevicePolicy=closed
      PrivateNetwork=yes
      IPAddressDeny=any
      RestrictAddressFamilies=AF_UNIX
      PrivateIPC=yes
      PrivateMounts=yes
      ProtectProc=invisible
      ProcSubset=pid
      ProtectKernelTunables=yes
      ProtectKernelModules=yes
      ProtectKernelLogs=yes
      ProtectControlGroups=yes
      ProtectClock=yes
      ProtectHostname=yes
      # Root's capabilities: those that turn the reader of the user's files into the user, and
      # the one that stops it when it overruns its time (it is the user's process by then).
      CapabilityBoundingSet=CAP_SETUID CAP_SETGID CAP_KILL
      NoNewPrivileges=yes
      RestrictSUIDSGID=yes
      RestrictNamespaces=yes
      RestrictRealtime=yes
      LockPersonality=yes
      MemoryDenyWriteExecute=yes
      SystemCallArchitectures=native
      SystemCallFilter=@system-service
      SystemCallErrorNumber=EPERM
      KeyringMode=private
      # Every file greeter set writes gets its mode explicitly (the picture 0644, for the greeter's user).
      UMask=0077

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

  /// Installs and starts the daily timer.
  ///
  /// Root will run the executable every day, so it must be one only root can change: `enable`
  /// refuses one that anyone else could replace (through the file or any folder on its way), and
  /// with `force` says so and goes on.
  package func enable(user: String, force: Bool = false) throws -> TimerReport {
    try requireRoot("enable")
    guard getpwnam(user) != nil else { throw Failure.noUser(user) }
    // A user name goes into ExecStart: only the characters user names are made of.
    guard Self.isPlainUserName(user) else { throw Failure.noUser(user) }
    var report = TimerReport()
    let found = try AutostartEnvironment.executable(environment: context.environment)
    let executable = found.path
    if let warning = found.warning { report.warnings.append(warning) }
    let untrusted = ExecutableTrust.untrustedEntries(on: executable)
    if !untrusted.isEmpty {
      let risk = TerminalText.clean(
        "root would run \(executable) every day, and \(untrusted.joined(separator: ", ")) "
          + "could be changed by others than root, who would then run their code as root")
      guard force else {
        throw Failure.file(
          "greeter enable: \(risk); install bingwall where only root can write (sudo make install "
            + "puts it in /usr/local/bin) and enable again, or pass --force to accept the risk")
      }
      report.warnings.append(risk)
    }
    let units: (service: String, timer: String)
    do {
      units = try Self.units(user: user, executable: executable, writable: writablePaths())
    } catch .unsafePath(_, let path, let character, _) {
      throw Failure.file(
        "greeter enable: cannot use \(TerminalText.clean(path)): it contains \(AutostartError.visible(character)), "
          + "which systemd refuses in a unit; install bingwall to a plain path (sudo make install "
          + "puts it in /usr/local/bin) and enable again")
    }
    // A config folder, or a file written in place, that does not exist cannot be made writable
    // in the sandbox (nor made there): made now.
    for state in status() where state.installed {
      try makePlace(of: state.greeter)
    }
    try files.makeFolder(unitFolder)
    try files.writeAtomically(
      Array(units.service.utf8), to: unitFolder + "/\(Self.unitName).service", mode: 0o644)
    try files.writeAtomically(
      Array(units.timer.utf8), to: unitFolder + "/\(Self.unitName).timer", mode: 0o644)
    report.actions = [
      "Wrote \(unitFolder)/\(Self.unitName).service", "Wrote \(unitFolder)/\(Self.unitName).timer",
    ]
    report.actions += try systemctl(["daemon-reload"])
    report.actions += try systemctl(["enable", "--now", "\(Self.unitName).timer"])
    return report
  }

  /// Makes the config folder of `greeter`, or its file when it is written in place, when it is
  /// missing: empty, readable by all, as the greeter reads its config as its own user.
  private func makePlace(of greeter: Greeter) throws {
    guard !greeter.file.isEmpty else { return }
    if greeter.writtenInPlace {
      let file = onDisk(greeter.file)
      guard !files.exists(file) else { return }
      try Paths.ensureDirectory(Paths.parent(of: file))
      try InPlaceFile.write(Data(), to: file, mode: 0o644)
      return
    }
    let folder = onDisk(Paths.parent(of: greeter.file))
    guard !files.exists(folder) else { return }
    try files.makeFolder(folder, mode: 0o755)
  }

  /// What the service may write besides its state folder, each greeter's own place and nothing
  /// broader: the known config folders, and for a greeter outside them its config's folder, or
  /// the file alone where it is written in place (Plasma Login's `/etc/plasmalogin.conf`: all of
  /// /etc would otherwise be writable). A place that is a system folder is left out:
  /// `set` then fails on that greeter's file rather than root's service writing all of /etc.
  func writablePaths() -> [String] {
    var paths = Self.greeterFolders
    for greeter in greeters where greeter.file.hasPrefix("/") {
      let place = greeter.writtenInPlace ? greeter.file : Paths.parent(of: greeter.file)
      guard place.hasPrefix("/"), !Self.systemFolders.contains(place),
        !paths.contains(where: { place == $0 || place.hasPrefix($0 + "/") })
      else { continue }
      paths.append(place)
    }
    return paths
  }

  /// Stops and removes the timer; returns what was done.
  package func disable() throws -> [String] {
    try requireRoot("disable")
    var done: [String] = []
    let timer = unitFolder + "/\(Self.unitName).timer"
    guard files.exists(timer) else { return [] }
    done += try systemctl(["disable", "--now", "\(Self.unitName).timer"])
    for name in ["\(Self.unitName).timer", "\(Self.unitName).service"]
    where files.status(of: unitFolder + "/" + name, followingLinks: false) != nil
      && (try? files.removeFile(unitFolder + "/" + name)) != nil
    {
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
      ProcessInvocation(
        arguments: ["systemctl"] + arguments, environment: context.environment, timeout: .seconds(30)))
    guard result.status == 0 else {
      throw Failure.file(
        "systemctl \(arguments.joined(separator: " ")) failed: \(TerminalText.clean(result.stderrText.trimmed()))"
      )
    }
    return ["Ran systemctl \(arguments.joined(separator: " "))"]
  }
}
