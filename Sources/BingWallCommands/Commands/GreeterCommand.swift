import BingWallCLI
import BingWallKit
import BingWallStore
import BingWallSystem

/// `bingwall greeter set|status|unset|enable|disable`: a stored picture on the login screen
/// (LightDM's gtk and slick greeters, SDDM's theme, Plasma Login), run as root.
enum GreeterCommand: CommandDefinition {
  static let user = Option<String>(
    "user", name: "name", kind: .text, help: "Whose history the picture comes from (default: SUDO_USER).")
  static let selector = Argument<PictureSelector>(
    "selector", kind: .selector, help: CommonOptions.selector.spec.help + " Default: latest.", optional: true)
  static let requiredUser = Option<String>(
    "user", name: "name", kind: .text, help: "Whose history refreshes the login screen.")
  static let force = Flag(
    "force", help: "Install the timer even when others than root could replace the bingwall it runs.")

  /// Each subcommand with its run: the spec lists them, and the parsed path picks one from this list.
  static let subcommands: [Command] = [
    Command(
      spec: CommandSpec(
        name: "set", abstract: "Put a picture (default: the newest) on the login screen.",
        arguments: [selector.spec], options: [user.spec]), run: acting(runSet)),
    Command(
      spec: CommandSpec(
        name: "status", abstract: "Show the greeters, which one is active, and what bingwall set.",
        options: [CommonOptions.json.spec]), run: acting(runStatus)),
    Command(
      spec: CommandSpec(name: "unset", abstract: "Put each greeter's picture back as it was."),
      run: acting(runUnset)),
    Command(
      spec: CommandSpec(
        name: "enable", abstract: "Refresh the login screen daily from a user's history (a root timer).",
        discussion: """
          A root timer puts the user's newest picture on the login screen every day, and catches \
          up after the machine was off.
          """,
        reference: """
          Installs /etc/systemd/system/bingwall-greeter.service and .timer (daily, catching up \
          after the machine was off) running 'bingwall greeter set --user NAME', and starts it. \
          The service runs as root in systemd's sandbox: nothing writable but /var/lib/bingwall \
          and each greeter's own config folder (Plasma Login's /etc/plasmalogin.conf alone, \
          which enable creates when missing), home folders read-only, no network, at most 2 \
          minutes. \
          Root runs this bingwall daily, so enable refuses one that anyone but root could \
          replace (the file, or any folder on its way, not root's or writable by its group or \
          all) unless --force is given.
          """,
        options: [requiredUser.spec, force.spec]), run: acting(runEnable)),
    Command(
      spec: CommandSpec(name: "disable", abstract: "Stop and remove the daily timer."),
      run: acting(runDisable)),
  ]

  static let spec = CommandSpec(
    name: "greeter", abstract: "Put a stored picture on the login screen (run as root).",
    discussion: """
      Works with LightDM's gtk and slick greeters, SDDM and Plasma Login; 'unset' puts each \
      back as it was. GDM offers no way to change its picture, and bingwall says so.
      """,
    reference: """
      The picture is read as the user whose history it is in (bingwall drops to that user \
      first, so no file she could not read herself is ever read) and made again, still as her, \
      as a baseline JPEG of at most 3840 pixels on its longer side. Root decodes nothing of \
      hers: it checks what it receives (a baseline JPEG of that size, nothing after its end) \
      and copies it into /var/lib/bingwall/greeter.jpg, readable by the greeter's user. The \
      config of each \
      installed greeter names it: /etc/lightdm/lightdm-gtk-greeter.conf ([greeter] background), \
      /etc/lightdm/slick-greeter.conf ([Greeter] background), the theme.conf.user of the SDDM \
      theme sddm.conf names ([General] background) and Plasma Login's /etc/plasmalogin.conf \
      ([Greeter][Wallpaper][org.kde.image][General] Image). Only that one line is bingwall's: \
      the line it replaced is kept in a comment above it, every other line stays as it was, and \
      'unset' puts it back. GDM has no supported way to change its picture (gnome-shell #3877), \
      so bingwall changes nothing there and says so.
      """,
    subcommands: subcommands.map(\.spec),
    examples: [
      CommandExample("greeter set --user alice", "As root: put alice's newest picture on the login screen"),
      CommandExample("greeter enable --user alice", "As root: put alice's newest picture there every day"),
      CommandExample("greeter status", "Which greeters there are, and what bingwall set"),
      CommandExample("greeter unset", "As root: put each login screen back as it was"),
    ])

  /// A subcommand's run from what it does with the login screen and its words.
  static func acting(_ act: @escaping @Sendable (Invocation, LoginScreen, GreeterText) throws -> Void)
    -> @Sendable (Invocation, Context) throws -> Int32
  {
    { invocation, context in
      try act(
        invocation, LoginScreen(context: context), GreeterText(context: context, quiet: invocation.quiet))
      return ExitCode.success
    }
  }

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    try Command.runSubcommand(of: invocation, context, among: subcommands)
  }

  static func runSet(_ invocation: Invocation, _ screen: LoginScreen, _ output: GreeterText) throws {
    let done = try screen.set(invocation[selector] ?? .latest, user: invocation[user])
    output.set(done.greeters, picture: done.picture)
  }

  static func runStatus(_ invocation: Invocation, _ screen: LoginScreen, _ output: GreeterText) throws {
    output.status(screen.status(), json: invocation[CommonOptions.json])
  }

  static func runUnset(_ invocation: Invocation, _ screen: LoginScreen, _ output: GreeterText) throws {
    output.unset(try screen.unset())
  }

  static func runEnable(_ invocation: Invocation, _ screen: LoginScreen, _ output: GreeterText) throws {
    guard let name = invocation[requiredUser] else {
      throw UsageError("greeter enable needs --user NAME", path: ["greeter", "enable"])
    }
    let report = try screen.enable(user: name, force: invocation[force])
    output.warn(report.warnings)
    output.lines(report.actions)
  }

  static func runDisable(_ invocation: Invocation, _ screen: LoginScreen, _ output: GreeterText) throws {
    output.lines(try screen.disable())
  }
}
