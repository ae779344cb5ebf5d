import BingWallSystem

/// The sandbox of both user services (the daemon and the hourly update), and the rule that picks
/// it: the strong one when this user manager was seen to start a service with exactly its
/// settings, the basic one otherwise.
///
/// Both leave the services what they need: the network, the home folder (XDG folders; the desktop
/// tools they run write their own config there), the session's bus and display, and `/tmp` as it
/// is (X11's sockets are in `/tmp/.X11-unix`). Left out of both, and why:
/// - `MemoryDenyWriteExecute=`, which also binds the tools they run, a wallpaper command the user
///   configured included: a JIT (gjs, node, a browser) would crash.
/// - `UMask=`: the user's own files keep the user's own umask.
///
/// `systemd-analyze security --user` scores the basic one 6.4, the strong one 2.7 (9.8 without).
package struct AutostartSandbox: Sendable, Equatable {
  package enum Level: String, Sendable, Equatable {
    /// In a user namespace of the service's own: no capabilities, `/usr` and `/etc` read-only,
    /// kernel settings, logs, modules, clock and control groups out of reach.
    case strong
    /// Only what a user manager applies without a user namespace of the service's own.
    case basic
  }

  struct Setting: Sendable, Equatable {
    let key: String
    let value: String
  }

  package let level: Level
  /// Why this one, for the line `enable` prints.
  package let reason: String

  /// "sandbox: strong (user namespaces available)".
  package var line: String { "sandbox: \(level.rawValue) (\(reason))" }

  /// What a user manager applies without a user namespace of the service's own.
  static let basic = [
    Setting(key: "NoNewPrivileges", value: "yes"),
    Setting(key: "RestrictSUIDSGID", value: "yes"),
    Setting(key: "RestrictNamespaces", value: "yes"),
    Setting(key: "RestrictRealtime", value: "yes"),
    Setting(key: "LockPersonality", value: "yes"),
    Setting(key: "RestrictAddressFamilies", value: "AF_UNIX AF_INET AF_INET6 AF_NETLINK"),
    Setting(key: "SystemCallArchitectures", value: "native"),
    Setting(key: "SystemCallFilter", value: "@system-service"),
    Setting(key: "SystemCallErrorNumber", value: "EPERM"),
    Setting(key: "KeyringMode", value: "private"),
  ]

  /// What a user manager applies only in a user namespace of the service's own (`PrivateUsers=`):
  /// every mount and namespace setting, and `CapabilityBoundingSet=`, which fails the start with
  /// 218/CAPABILITIES without it. Where unprivileged user namespaces are restricted (Ubuntu 23.10
  /// and later, kernel.apparmor_restrict_unprivileged_userns=1) or disabled, a service with these
  /// does not start at all: hence the trial before they are written.
  /// `ProtectSystem=full`, not `strict`: strict would make the home folder read-only too.
  static let userNamespace = [
    Setting(key: "PrivateUsers", value: "yes"),
    Setting(key: "CapabilityBoundingSet", value: ""),
    Setting(key: "ProtectSystem", value: "full"),
    Setting(key: "ProtectKernelTunables", value: "yes"),
    Setting(key: "ProtectKernelModules", value: "yes"),
    Setting(key: "ProtectKernelLogs", value: "yes"),
    Setting(key: "ProtectControlGroups", value: "yes"),
    Setting(key: "ProtectClock", value: "yes"),
    Setting(key: "ProtectHostname", value: "yes"),
  ]

  static func settings(_ level: Level) -> [Setting] {
    level == .strong ? basic + userNamespace : basic
  }

  /// The unit's sandbox lines, ending with a newline. No comment shares a line with a setting.
  static func unitLines(_ level: Level) -> String {
    let comment =
      level == .strong
      ? """
      # Sandbox, in a user namespace of the service's own, which this user manager started when
      # 'bingwall autostart enable' tried it; the network, the home folder, the session's bus and
      # display, and /tmp (X11's sockets) are left as they are.
      """
      : """
      # Sandbox: what a user manager applies without a user namespace, leaving the network, the
      # home folder, the session's bus and display, and /tmp (X11's sockets) as they are.
      """
    return comment + "\n" + settings(level).map { "\($0.key)=\($0.value)\n" }.joined()
  }

  /// Which level a unit file bingwall wrote has, from its text.
  static func level(ofUnit text: String) -> Level {
    text.contains("\nPrivateUsers=yes\n") ? .strong : .basic
  }

  /// A trial service with exactly the strong settings, which exits at once; it succeeds only where
  /// the user manager can start such a service.
  static let trial =
    ["systemd-run", "--user", "--wait", "--quiet", "--collect"]
    + settings(.strong).flatMap { ["-p", "\($0.key)=\($0.value)"] } + ["/bin/true"]
  static let trialTimeout: Duration = .seconds(15)

  /// The rule: strong only when the trial service ran; basic when it failed, or could not be tried.
  static func choose(_ systemctl: AutostartSystemctl) -> AutostartSandbox {
    if case .unreachable = systemctl.reachability {
      return AutostartSandbox(level: .basic, reason: "systemd is not reachable to try the stronger one")
    }
    let invocation = ProcessInvocation(
      arguments: trial, environment: systemctl.environment, timeout: trialTimeout)
    guard let result = try? systemctl.processes.run(invocation) else {
      return AutostartSandbox(level: .basic, reason: "systemd-run is not installed to try the stronger one")
    }
    if result.timedOut {
      return AutostartSandbox(
        level: .basic, reason: "a trial service gave no answer within \(trialTimeout.components.seconds) s")
    }
    guard result.status == 0 else {
      return AutostartSandbox(
        level: .basic, reason: "this system does not allow user namespaces to services")
    }
    return AutostartSandbox(level: .strong, reason: "user namespaces available")
  }
}
