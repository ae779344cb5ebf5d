import BingWallSystem

/// `config edit`: the file in the person's editor, as `crontab -e` and `visudo` do it. The
/// editor works on a copy; the copy is checked when the editor ends, and while it has errors
/// the person is asked whether to edit it again; the file is replaced, at once, only by a copy
/// without errors.
///
/// The files go through the context's `FileSystem`, the editor through its `ProcessRunner` (on
/// the terminal), the question through `prompter`: a test runs all of it in memory.
package struct ConfigEdit {
  /// What a new file starts with: enough to find the keys.
  package static let template = "# bingwall settings, key = value; 'bingwall config keys' lists every key.\n"

  /// How an edit ended well.
  package enum Outcome: Equatable, Sendable {
    /// The copy came back as it went: the file is as it was.
    case unchanged
    /// The file holds the edit.
    case saved
  }

  let location: ConfigLocation
  let context: Context

  package init(_ location: ConfigLocation, context: Context) {
    self.location = location
    self.context = context
  }

  /// Edits until the copy has no error or the person stops; throws `ConfigEditError` when the
  /// file is left as it was for a reason they should hear of.
  package func run(prompter: some Prompter) throws -> Outcome {
    guard context.terminal.stdinIsTTY else { throw ConfigEditError.noTerminal(path: location.path) }
    let files = context.fileSystem
    let original = try ConfigFile.contents(location.path, in: files)
    let copy = try makeCopy(of: original ?? Self.template)
    let editor = EditorCommand(environment: context.environment)
    while true {
      let ending: ProcessResult
      do {
        ending = try context.processes.run(editor.invocation(on: copy, environment: context.environment))
      } catch {
        files.removeTree(Paths.parent(of: copy))
        throw ConfigEditError.editorFailed(program: editor.program, reason: "\(error)", path: location.path)
      }
      guard ending.status == 0 else {
        files.removeTree(Paths.parent(of: copy))
        throw ConfigEditError.editorFailed(
          program: editor.program, reason: "it ended with status \(ending.status)", path: location.path)
      }
      let edited = try ConfigFile.contents(copy, in: files) ?? ""
      if edited == (original ?? Self.template) {
        files.removeTree(Paths.parent(of: copy))
        return .unchanged
      }
      let document = ConfigDocument.lenient(parsing: edited, path: copy)
      if document.problems.isEmpty {
        // Another writer (`config set` in another terminal) since the copy was made: their
        // change is not overwritten unseen.
        guard try ConfigFile.contents(location.path, in: files) == original else {
          throw ConfigEditError.changedMeanwhile(path: location.path, copy: copy)
        }
        try ConfigFile.write(edited, to: location.path, in: files)
        files.removeTree(Paths.parent(of: copy))
        return .saved
      }
      guard prompter.confirm(.editAgain(problems: document.problems)) else {
        throw ConfigEditError.notSaved(path: location.path, copy: copy)
      }
    }
  }

  /// The copy the editor works on, in a private folder of its own (`TMPDIR`, else /tmp): the
  /// file keeps the name config.toml, so the editor shows it and colours it as TOML.
  private func makeCopy(of text: String) throws(FileError) -> String {
    let temporary = context.environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    let folder = try context.fileSystem.makeTemporaryFolder(in: temporary, prefix: "bingwall-config.")
    try context.fileSystem.writeAtomically(Array(text.utf8), to: folder + "/config.toml", mode: 0o600)
    return folder + "/config.toml"
  }
}

/// Why `config edit` stopped without saving.
enum ConfigEditError: Error, CustomStringConvertible, HintedError, ExitStatusError, Equatable {
  /// stdin is not a terminal: no editor can be run, no question asked.
  case noTerminal(path: String)
  /// The editor could not be started, or failed.
  case editorFailed(program: String, reason: String, path: String)
  /// The person chose not to edit again after errors.
  case notSaved(path: String, copy: String)
  /// The file changed on disk while the copy was edited.
  case changedMeanwhile(path: String, copy: String)

  package var description: String {
    switch self {
    case .noTerminal: return "config edit needs a terminal: stdin is not one"
    case .editorFailed(let program, let reason, let path):
      return "the editor '\(program)' failed: \(reason); \(path) is unchanged"
    case .notSaved(let path, _): return "\(path) is unchanged"
    case .changedMeanwhile(let path, _): return "\(path) changed while you edited it; it was not replaced"
    }
  }

  package var hint: String? {
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

  package var exitStatus: Int32 { ExitCode.failure }
}
