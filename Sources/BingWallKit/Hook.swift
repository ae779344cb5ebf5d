import BingWallDesktop
import BingWallStore
import BingWallSystem

/// What set the picture, as a hook is told in `BINGWALL_EVENT`.
package enum HookEvent: String, Sendable {
  case update, apply, next, previous, random, rotate

  /// The event of a stored picture set for `reason`; `next` and `previous` are recorded as
  /// `apply` in the history, so `Step` names them itself.
  init(_ reason: Apply.Reason) {
    switch reason {
    case .apply: self = .apply
    case .random: self = .random
    case .rotate: self = .rotate
    case .update: self = .update
    }
  }
}

/// The user's hooks (`hooks.on_change`, `hooks.on_new`): their own program, run after the picture
/// changes or an update stores new pictures, so a theme (pywal, matugen) or a bar follows it.
///
/// The one place hooks run: `Apply` calls `changed` for every picture it sets, whichever command or
/// the daemon asked, and `Update` calls `stored` for what it added. The program gets an argument
/// vector (`ArgumentTemplate`, the `command` backend's splitting with the hook's own placeholders)
/// and variables, never a shell: a title from the network is one argument or one variable whatever
/// it holds. It is bounded by `hooks.timeout`, and its failure is one warning, never the picture's
/// failure. The warning is written here, as the history's damaged rows are (`Resources`), rather
/// than carried in every outcome: each command and the daemon's log say it alike.
struct Hook {
  /// The names a hook's template may use between braces.
  static let placeholders: Set<String> = ["path", "key", "title", "source"]
  /// The most a hook's output is kept of, for `-v`.
  static let outputLimit = 64 * 1024

  let resources: Resources

  /// After `picture` (nil for a file of one's own at `path`) was set: `hooks.on_change`.
  func changed(picture: Picture?, path: String, set: WallpaperApplier.Outcome, event: HookEvent) {
    let template = resources.configuration[ConfigSchema.onChange]
    guard !template.trimmingBlanks().isEmpty else { return }
    let key = picture?.selectorKey ?? ""
    let title = picture?.displayTitle ?? ""
    let source = picture?.id.source.rawValue ?? ""
    let screens = set.screens.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.file)" }
    var variables = [
      "BINGWALL_PICTURE": path, "BINGWALL_KEY": key, "BINGWALL_TITLE": title, "BINGWALL_SOURCE": source,
      "BINGWALL_EVENT": event.rawValue, "BINGWALL_SCREENS": screens.joined(separator: "\n"),
    ]
    if let dark = set.darkPath { variables["BINGWALL_DARK"] = dark }
    run(
      ConfigSchema.onChange, template: template,
      values: ["path": path, "key": key, "title": title, "source": source], variables: variables)
  }

  /// After an update stored `pictures`: `hooks.on_new`, once for them all, its placeholders
  /// standing for the newest of them.
  func stored(_ pictures: [Picture]) {
    let template = resources.configuration[ConfigSchema.onNew]
    guard !template.trimmingBlanks().isEmpty,
      let newest = pictures.max(by: { ($0.date, $0.rowID) < ($1.date, $1.rowID) })
    else { return }
    run(
      ConfigSchema.onNew, template: template,
      values: [
        "path": newest.path, "key": newest.selectorKey, "title": newest.displayTitle,
        "source": newest.id.source.rawValue,
      ],
      variables: [
        "BINGWALL_NEW": pictures.map(\.selectorKey).joined(separator: "\n"), "BINGWALL_EVENT": "update",
        "BINGWALL_PICTURE": newest.path, "BINGWALL_KEY": newest.selectorKey,
        "BINGWALL_TITLE": newest.displayTitle, "BINGWALL_SOURCE": newest.id.source.rawValue,
      ])
  }

  /// Runs the hook of `key`; says on stderr, in one warning, why it failed.
  private func run(
    _ key: ConfigKey<String>, template: String, values: [String: String], variables: [String: String]
  ) {
    let context = resources.context
    let name = key.name
    let parsed: ArgumentTemplate
    do throws(ArgumentTemplate.Problem) {
      parsed = try ArgumentTemplate(template, placeholders: Self.placeholders)
    } catch {
      // The config check refuses these; an environment variable reaches here all the same.
      context.stderr.warning("\(name) not run: \(Self.problem(error))")
      return
    }
    var environment = context.environment
    // A variable the parent had is not this picture's: BINGWALL_DARK unset means no dark one.
    for variable in ["BINGWALL_DARK", "BINGWALL_NEW"] { environment[variable] = nil }
    environment.merge(variables) { _, new in new }
    let arguments = parsed.arguments(values)
    let timeout = resources.configuration[ConfigSchema.hookTimeout]
    context.trace("\(name): running '\(parsed.program)' (\(event(variables)))")
    let result: ProcessResult
    do {
      result = try context.processes.run(
        ProcessInvocation(
          arguments: arguments, environment: environment, timeout: timeout, outputLimit: Self.outputLimit))
    } catch {
      context.stderr.warning("\(name) not run: \(error.description); install it or adjust PATH")
      return
    }
    for line in (result.stdoutText + result.stderrText).split(whereSeparator: \.isNewline) {
      context.trace("\(name): \(line)")
    }
    if result.timedOut {
      context.stderr.warning(
        "\(name) '\(parsed.program)' was stopped after \(timeout.offOrHumanText) (hooks.timeout); the picture is set"
      )
    } else if result.status != 0 {
      context.stderr.warning(
        "\(name) '\(parsed.program)' ended with status \(result.status); the picture is set; "
          + "'-v' shows what it said")
    }
  }

  private func event(_ variables: [String: String]) -> String { variables["BINGWALL_EVENT"] ?? "" }

  /// What is wrong with a hook's template, naming the hook's own placeholders.
  static func problem(_ problem: ArgumentTemplate.Problem) -> String {
    switch problem {
    case .empty: return "it is empty"
    case .unknownPlaceholder(let name):
      return "it uses {\(name)}, which is not a placeholder; use {path}, {key}, {title} or {source}"
    case .unterminatedQuote(let quote): return "it has a \(quote) quote that is never closed"
    case .trailingBackslash: return "it ends in a backslash that escapes nothing"
    }
  }
}
