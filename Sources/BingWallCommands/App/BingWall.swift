import BingWallBing
import BingWallCLI
import BingWallDesktop
import BingWallKit
import BingWallModel
import BingWallNet
import BingWallSchedule
import BingWallSystem
import CVersion
import FoundationEssentials
import Glibc

/// The entry point: parse, dispatch, report errors, return the exit status.
package enum BingWall {
  /// The version `make` compiled in (the git tag, else the VERSION file); see CVersion.
  static let version = String(cString: bw_version())
  /// The commit `make` compiled in; empty in a build made without it (`swift build`).
  static let commit = String(cString: bw_commit())

  /// The command table's root, for `make fuzz`'s argument fuzzer (outside this package's tests).
  package static var commandLine: CommandSpec { CommandTable.root }

  /// The process: the live context, the command, the exit status (1 when stdout failed).
  package static func main(arguments: [String]) -> Int32 {
    // `--version` answers before the context is built: reading the environment into a
    // dictionary is over half of what `main` costs at start (bench/README.md), and a version
    // needs none of it. The lone `--version` that scripts and packagers run does not even
    // build the parser's option table; any other spelling goes through the parser.
    if let verbose = arguments == ["--version"] ? false : versionRequest(arguments) {
      let stdout = FileDescriptorOutput(fileDescriptor: STDOUT_FILENO)
      stdout.write(VersionText.render(verbose: verbose))
      return Context.finish(
        ExitCode.success, stdout: stdout, stderr: FileDescriptorOutput(fileDescriptor: STDERR_FILENO))
    }
    let context = Context.live(userAgent: "bingwall/\(version)")
    return context.finish(run(arguments: arguments, context: context))
  }

  /// Whether the words ask only for the version, and verbosely; nil for anything else.
  static func versionRequest(_ arguments: [String]) -> Bool? {
    guard case .version(let verbose)? = CommandLineParser.versionOnly(arguments) else { return nil }
    return verbose
  }

  static func run(arguments: [String], context: Context) -> Int32 {
    let outcome: ParseOutcome
    if let version = CommandLineParser.versionOnly(arguments) {
      outcome = version
    } else {
      do {
        outcome = try CommandLineParser(root: CommandTable.root(parsing: arguments)).parse(arguments)
      } catch {
        do {
          outcome = try CommandLineParser(root: CommandTable.root).parse(arguments)
        } catch {
          context.stderr.write(Help.usageErrorText(error, root: CommandTable.root))
          return ExitCode.usage
        }
      }
    }
    switch outcome {
    case .help(let path):
      context.stdout.write(Help.render(root: CommandTable.root, path: path, width: context.terminal.width))
      return ExitCode.success
    case .version(let verbose):
      context.stdout.write(VersionText.render(verbose: verbose))
      return ExitCode.success
    case .missingCommand:
      // A usage error like any other (bingwall(1)'s EXIT STATUS 64), so a script that lost its
      // command fails, while a person reads where to start.
      context.stderr.write(Help.shortUsage(root: CommandTable.root, width: context.terminal.width))
      return ExitCode.usage
    case .run(let invocation):
      var context = context
      if invocation.verbose {
        context.trace = Trace(context.stderr, onTerminal: context.terminal.stderrIsTTY)
      }
      // The parser knows only the table's commands, so this cannot fail; were it to (a table
      // and parser out of step), it is one error line, not a crash.
      guard let command = CommandTable.command(for: invocation.path) else {
        context.stderr.write(
          Diagnostic.line(
            .error,
            "'\(invocation.path.joined(separator: " "))' has no handler in this build; please report it"))
        return ExitCode.failure
      }
      do {
        return try command.run(invocation, context)
      } catch let error as UsageError {
        context.stderr.write(Help.usageErrorText(error, root: CommandTable.root))
        return ExitCode.usage
      } catch {
        context.stderr.report(error)
        return exitStatus(for: error)
      }
    }
  }

  /// The exit status for an error a command threw: its own, or 1.
  static func exitStatus(for error: any Error) -> Int32 {
    (error as? any ExitStatusError)?.exitStatus ?? ExitCode.failure
  }
}
