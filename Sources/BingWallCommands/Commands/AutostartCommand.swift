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
enum AutostartCommand: CommandDefinition {
  /// `--method`, worded for each subcommand.
  static let method = Option<String>("method", name: "method", kind: .choice(Autostart.methodNames), help: "")

  static func methodOption(_ help: String) -> OptionSpec { method.with(help: help).spec }

  /// `enable --tray`: `daemon.tray = true`, and a method that runs the daemon.
  static let tray = Flag("tray", help: "Also show bingwall's icon and menu in the panel (sets daemon.tray).")

  /// Each subcommand with its run: the spec lists them, and the parsed path picks one from this list.
  static let subcommands: [Command] = [
    Command(
      spec: CommandSpec(
        name: "enable", abstract: "Install and start an autostart entry.",
        discussion: """
          Without --method, the method this system suits best; enabling again changes nothing.
          """,
        reference: """
          Without --method: systemd when a systemd user instance answers, else xdg when \
          XDG_CURRENT_DESKTOP is set, else cron; a method that is already on is kept. Enabling \
          again changes nothing. Says first what is on; when systemd is out of reach (su, ssh, \
          a container), the unit files are written and the one command that turns them on, in \
          your desktop session, is printed. Ends with the next run, in local time; -v adds what \
          was written and run, the sandbox, and systemctl's own words. --tray \
          sets daemon.tray in the configuration file and takes only a method that runs the \
          daemon (systemd or xdg).
          """,
        options: [methodOption("How to start bingwall (default: chosen for this system)."), tray.spec]),
      run: acting(runEnable)),
    Command(
      spec: CommandSpec(
        name: "disable", abstract: "Remove the autostart entries bingwall installed.",
        options: [methodOption("Only this method (default: every method that is on).")]),
      run: acting(runDisable)),
    Command(
      spec: CommandSpec(
        name: "status", abstract: "Show which autostart methods are on.",
        discussion: """
          An entry that is there but does not run (a unit systemd has not enabled) is off, with \
          the command that turns it on.
          """,
        options: [methodOption("Only this method."), CommonOptions.json.spec]), run: acting(runStatus)),
  ]

  static let spec = CommandSpec(
    name: "autostart", abstract: "Start bingwall at login, or update every hour, without you.",
    discussion: """
      The method suits the system unless --method names one: systemd or xdg start 'bingwall \
      daemon' with your session, systemd-timer and cron run 'bingwall update' every hour. bingwall \
      only ever changes or removes the entries it wrote.
      """,
    reference: """
      Methods: 'systemd' is a user service running 'bingwall daemon' with the graphical session; \
      'systemd-timer' runs 'bingwall update' every hour; 'xdg' is a desktop autostart entry \
      (~/.config/autostart) running 'bingwall daemon' at login; 'cron' is an hourly \
      'bingwall update' line in your crontab. A run with no display of its own (cron gives it \
      none) finds your desktop session running at the time: your own processes' DISPLAY or \
      WAYLAND_DISPLAY, else your display sockets; while none runs, it stores the pictures only. \
      Files and lines written are marked as bingwall's, \
      and only those are ever changed or removed. The systemd services run sandboxed (no new \
      privileges, a system call filter, no namespaces). Where this systemd starts a service in a \
      user namespace of its own, which 'enable' tries first (and names under -v), they also \
      get no capabilities, a read-only /usr and /etc, and no access to kernel settings; \
      elsewhere (user namespaces restricted or disabled) they get the first sandbox only. A \
      wallpaper command of your own runs in that sandbox too.

      The absolute path of the running bingwall goes into each entry. \
      \(AutostartEnvironment.executableOverride) names another one instead (for packaging and \
      tests).
      """,
    subcommands: subcommands.map(\.spec),
    examples: [
      CommandExample("autostart enable", "Start bingwall at login, the way this system suits"),
      CommandExample("autostart enable --tray", "The same, with bingwall's menu in the panel"),
      CommandExample(
        "autostart enable --method systemd-timer", "Only update every hour, from a systemd user timer"),
      CommandExample("autostart disable", "Remove everything autostart installed"),
    ])

  /// A subcommand's run from what it does with autostart and its words.
  static func acting(
    _ act: @escaping @Sendable (Invocation, Context, Autostart, AutostartText) throws -> Void
  ) -> @Sendable (Invocation, Context) throws -> Int32 {
    { invocation, context in
      let output = AutostartText(context: context, quiet: invocation.quiet, verbose: invocation.verbose)
      try act(invocation, context, Autostart(context: context), output)
      return ExitCode.success
    }
  }

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    try Command.runSubcommand(of: invocation, context, among: subcommands)
  }

  static func runEnable(
    _ invocation: Invocation, _ context: Context, _ autostart: Autostart, _ output: AutostartText
  ) throws {
    if let file = invocation.configFile {
      output.warn(
        "--config \(file) applies to this command only; the autostart entry runs bingwall with the "
          + "default config file")
    }
    if invocation[tray] {
      try autostart.checkRunsDaemon(invocation[method])
      // The config first: a daemon the method starts at once then shows the menu.
      _ = try ConfigCommand.set(
        ConfigSchema.tray.spec.name, "true", ConfigLocation(configFile: nil, context: context), context)
    }
    output.show(try autostart.enable(invocation[method], daemon: invocation[tray]))
  }

  static func runDisable(
    _ invocation: Invocation, _ context: Context, _ autostart: Autostart, _ output: AutostartText
  ) throws {
    output.show(try autostart.disable(invocation[method]))
  }

  static func runStatus(
    _ invocation: Invocation, _ context: Context, _ autostart: Autostart, _ output: AutostartText
  ) throws {
    output.show(autostart.status(invocation[method]), json: invocation[CommonOptions.json])
  }
}
