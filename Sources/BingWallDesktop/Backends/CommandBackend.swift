import BingWallSystem
import FoundationEssentials
import Glibc

/// Runs the user's own `command` from the config, for setups no built-in backend knows.
///
/// The template is split into words like a shell would, but never run through one: the picture's
/// path replaces `{path}` inside a word and stays one argument whatever characters it contains.
/// `{mode}` becomes `fill`, `fit`, `stretch`, `center` or `tile` (`auto` is given as `fill`, since
/// a tool that takes a mode word has no "leave it alone").
struct CommandBackend: WallpaperBackend {
  /// The config's `command` value, its TOML quoting and escapes already decoded (empty when
  /// unset); split into words again by `ArgumentTemplate` at each use.
  let template: String

  let name = "command"
  let need = SessionNeed.nothing

  init(template: String) {
    self.template = template
  }

  /// The program the template starts, or none when the template is unusable.
  var tools: [String] {
    guard let parsed = try? ArgumentTemplate(template) else { return [] }
    return [parsed.program]
  }

  func isAvailable(in session: DesktopSession) -> Bool {
    guard let program = tools.first else { return false }
    return session.which(program) != nil
  }

  /// Why the backend cannot run, for the error and `backends`: the template's own problem, or
  /// a missing program.
  var problem: String {
    if template.trimmingBlanks().isEmpty {
      return "config 'command' is empty; set it to your tool and its arguments, e.g. \"mytool --set {path}\""
    }
    do {
      let parsed = try ArgumentTemplate(template)
      return "config 'command' runs '\(parsed.program)', which is not installed or not on PATH"
    } catch {
      return "config 'command': \(error.description)"
    }
  }

  /// Never: only a user who configured it means it.
  func isDetected(in session: DesktopSession) -> Bool { false }

  /// The argument vector for `request`; throws `misconfigured` for an unusable template.
  func arguments(for request: WallpaperRequest) throws(DesktopError) -> [String] {
    let parsed: ArgumentTemplate
    do {
      parsed = try ArgumentTemplate(template)
    } catch {
      throw .misconfigured(backend: name, message: error.description)
    }
    return parsed.arguments(path: request.path, uri: request.uri, mode: request.mode.explicit.rawValue)
  }

  func set(_ request: WallpaperRequest, in session: DesktopSession) throws(DesktopError) {
    try session.run(arguments(for: request), backend: name)
  }
}
