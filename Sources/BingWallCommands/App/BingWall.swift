import BingWallBing
import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallNet
import BingWallSchedule
import BingWallSystem
import FoundationEssentials
import Glibc

/// The entry point: parse, dispatch, report errors, return the exit status.
package enum BingWall {
  static let version = "0.1.0"

  /// The command table's root, for `make fuzz`'s argument fuzzer (outside this package's tests).
  package static var commandLine: CommandSpec { CommandTable.root }

  /// The process: the live context, the command, the exit status (1 when stdout failed).
  package static func main(arguments: [String]) -> Int32 {
    let context = Context.live(userAgent: "bingwall/\(version)")
    return context.finish(run(arguments: arguments, context: context))
  }

  static func run(arguments: [String], context: Context) -> Int32 {
    let outcome: ParseOutcome
    if let version = CommandLineParser.versionOnly(arguments) {
      outcome = version
    } else {
      do {
        outcome = try CommandLineParser(root: CommandTable.root).parse(arguments)
      } catch {
        context.stderr.write(Help.usageErrorText(error, root: CommandTable.root))
        return ExitCode.usage
      }
    }
    switch outcome {
    case .help(let path):
      context.stdout.write(Help.render(root: CommandTable.root, path: path, width: context.terminal.width))
      return ExitCode.success
    case .version(let verbose):
      context.stdout.write(VersionText.render(verbose: verbose))
      return ExitCode.success
    case .run(let invocation):
      guard let command = CommandTable.command(for: invocation.path) else {
        context.stdout.write(Help.render(root: CommandTable.root, path: [], width: context.terminal.width))
        return ExitCode.success
      }
      if !invocation.quiet {
        // The parser accepts any well-formed code; only market options take one, so the
        // warning is the market's.
        for code in invocation.unlistedCodes {
          context.stderr.write("warning: \(Market.unknownWarning(code))\n")
        }
      }
      do {
        return try command.run(invocation, context)
      } catch let error as UsageError {
        context.stderr.write(Help.usageErrorText(error, root: CommandTable.root))
        return ExitCode.usage
      } catch {
        context.stderr.write("error: \(TerminalText.clean("\(error)"))\n")
        return exitStatus(for: error)
      }
    }
  }

  /// The exit status for an error a command threw: its own, or 1.
  static func exitStatus(for error: any Error) -> Int32 {
    (error as? any ExitStatusError)?.exitStatus ?? ExitCode.failure
  }
}
