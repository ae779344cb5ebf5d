import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSystem

/// `bingwall outputs`: the connected screens, and whether the backend sets each its own picture.
enum OutputsCommand: CommandDefinition {
  static let options: [any OptionHandle] = [DesktopOptions.backend, CommonOptions.json]

  static let spec = CommandSpec(
    name: "outputs",
    abstract: "List the connected screens: size, position, scale, rotation, primary.",
    discussion: """
      Asks your desktop (or the tool of --backend). SIZE is what the screen shows, after its \
      rotation. The last line says whether each screen gets a picture of its own.
      """,
    reference: """
      Asks the selected backend's desktop (--backend, else the backend setting): swaymsg for \
      sway and swaybg, hyprctl for Hyprland, either for swww, kscreen-doctor for KDE, and \
      xrandr --listactivemonitors for GNOME, XFCE, LXDE, LXQt and the X11 setters. SIZE is the pixels \
      the screen shows, already turned by its rotation; ROTATION is - where the tool does not \
      say. The last line says whether the backend gives each screen a picture of its own. \
      --json: backend, source, per_output, and outputs (name, width, height, x, y, scale, \
      rotation, portrait, primary).
      """,
    options: options.map(\.spec),
    examples: [
      CommandExample("outputs", "The screens, as the desktop sees them"),
      CommandExample("outputs --json", "The same, for a script"),
    ])

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let resources = try Resources(invocation, context, options: options)
    let outcome = try Outputs.read(resources: resources)
    if invocation[CommonOptions.json] {
      context.stdout.write(OutputsText.json(outcome).rendered() + "\n")
    } else {
      context.stdout.write(OutputsText.table(outcome))
    }
    return ExitCode.success
  }
}
