import BingWallKit
import BingWallSystem
import FoundationEssentials
import Glibc

/// `config edit`: the file in the person's editor, as `crontab -e` and `visudo` do it. The
/// editor works on a copy; the copy is checked when the editor ends, each bad line is shown and
/// the person may edit again; the file is replaced, at once, only by a copy without errors.
enum ConfigEdit {
  /// What a new file starts with: enough to find the keys.
  static let template = "# bingwall settings, key = value; 'bingwall config keys' lists every key.\n"

  static func run(_ location: ConfigLocation, _ context: Context) throws -> Int32 {
    guard context.terminal.stdinIsTTY else { throw ConfigEditError.noTerminal(path: location.path) }
    let original = try ConfigFile.contents(location.path)
    let copy = try EditCopy(text: original ?? template, environment: context.environment)
    let editor = EditorCommand(environment: context.environment)
    while true {
      let status: Int32
      do {
        status = try editor.run(on: copy.file, environment: context.environment)
      } catch {
        copy.remove()
        throw ConfigEditError.editorFailed(program: editor.program, reason: "\(error)", path: location.path)
      }
      guard status == 0 else {
        copy.remove()
        throw ConfigEditError.editorFailed(
          program: editor.program, reason: "it ended with status \(status)", path: location.path)
      }
      let edited = try ConfigFile.contents(copy.file) ?? ""
      if edited == (original ?? template) {
        copy.remove()
        context.stdout.write("No changes; \(location.path) is as it was.\n")
        return ExitCode.success
      }
      let document = ConfigDocument.lenient(parsing: edited, path: copy.file)
      if document.problems.isEmpty {
        // Another writer (`config set` in another terminal) since the copy was made: their
        // change is not overwritten unseen.
        guard try ConfigFile.contents(location.path) == original else {
          throw ConfigEditError.changedMeanwhile(path: location.path, copy: copy.file)
        }
        try ConfigFile.write(edited, to: location.path)
        copy.remove()
        context.stdout.write("Saved \(location.path).\n")
        return ExitCode.success
      }
      for problem in document.problems {
        let guess = problem.hint.flatMap { $0.hasPrefix("did you mean") ? $0 : nil }
        context.stderr.error(problem.description, hint: guess)
      }
      guard askToEditAgain(context) else {
        throw ConfigEditError.notSaved(path: location.path, copy: copy.file)
      }
    }
  }

  /// "Edit again? [Y/n]" on the terminal: yes unless the answer starts with n, or stdin ends.
  static func askToEditAgain(_ context: Context) -> Bool {
    while true {
      context.stderr.write("Edit again? [Y/n] ")
      context.stderr.flush()
      guard let answer = readLine(strippingNewline: true) else {
        context.stderr.write("\n")
        return false
      }
      switch answer.trimmingBlanks().lowercased() {
      case "", "y", "yes": return true
      case "n", "no": return false
      default: continue
      }
    }
  }
}

/// The copy the editor works on, in a private folder of its own: the file keeps the name
/// config.toml, so the editor shows it and colours it as TOML.
struct EditCopy {
  let folder: String
  var file: String { folder + "/config.toml" }

  init(text: String, environment: [String: String]) throws(FileError) {
    let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    var template = Array((temporary + "/bingwall-config.XXXXXX").utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
      throw FileError.system(operation: "create a folder in", path: temporary, errno: errno)
    }
    folder = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    try AtomicFile.write(Data(text.utf8), to: folder + "/config.toml", mode: 0o600)
  }

  /// Removes the copy and its folder, with what the editor left there (a backup file).
  func remove() {
    try? FileManager.default.removeItem(atPath: folder)
  }
}

/// Why `config edit` stopped without saving.
enum ConfigEditError: Error, CustomStringConvertible, HintedError, ExitStatusError {
  /// stdin is not a terminal: no editor can be run, no question asked.
  case noTerminal(path: String)
  /// The editor could not be started, or failed.
  case editorFailed(program: String, reason: String, path: String)
  /// The person chose not to edit again after errors.
  case notSaved(path: String, copy: String)
  /// The file changed on disk while the copy was edited.
  case changedMeanwhile(path: String, copy: String)

  var description: String {
    switch self {
    case .noTerminal: return "config edit needs a terminal: stdin is not one"
    case .editorFailed(let program, let reason, let path):
      return "the editor '\(program)' failed: \(reason); \(path) is unchanged"
    case .notSaved(let path, _): return "\(path) is unchanged"
    case .changedMeanwhile(let path, _): return "\(path) changed while you edited it; it was not replaced"
    }
  }

  var hint: String? {
    switch self {
    case .noTerminal(let path):
      return
        "set keys with 'bingwall config set KEY VALUE', or edit \(path) and check it with 'bingwall config show'"
    case .editorFailed:
      return "set VISUAL or EDITOR to the editor to run, e.g. EDITOR=nano"
    case .notSaved(_, let copy), .changedMeanwhile(_, let copy):
      return "your edit is kept in \(copy)"
    }
  }

  var exitStatus: Int32 { ExitCode.failure }
}
