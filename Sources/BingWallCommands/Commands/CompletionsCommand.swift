import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallSchedule
import BingWallSystem

/// `bingwall completions bash|zsh|fish`: the completion script, for packagers and for
/// `source <(bingwall completions bash)`.
enum CompletionsCommand: CommandDefinition {
  static let shells = ["bash", "zsh", "fish"]
  static let shell = Argument<String>("shell", kind: .choice(shells), help: "The shell to complete for.")

  static let spec = CommandSpec(
    name: "completions", abstract: "Print the shell completion script for bash, zsh or fish.",
    discussion: """
      'make install' puts the scripts where the shells look. To try one in the current shell: \
      'source <(bingwall completions bash)' in bash or zsh, 'bingwall completions fish | source' \
      in fish.
      """,
    arguments: [shell.spec],
    examples: [
      CommandExample(
        "completions zsh", "Print the zsh script; 'source <(bingwall completions zsh)' tries it"),
      CommandExample("completions fish", "Print the fish script; pipe it to 'source' to try it"),
    ])

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    context.stdout.write(script(for: invocation[shell] ?? "bash"))
    return ExitCode.success
  }

  /// The script for a shell named in `shells`.
  static func script(for shell: String) -> String {
    switch shell {
    case "zsh": return ZshCompletion.script(root: CommandTable.root)
    case "fish": return FishCompletion.script(root: CommandTable.root)
    default: return BashCompletion.script(root: CommandTable.root)
    }
  }
}
