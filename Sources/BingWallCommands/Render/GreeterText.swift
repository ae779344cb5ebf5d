import BingWallKit
import BingWallStore
import BingWallSystem

/// `bingwall greeter`'s output: what was set or undone, and each greeter's state.
struct GreeterText {
  let context: Context
  let quiet: Bool

  func set(_ greeters: [LoginScreen.State], picture: LoginScreen.UserPicture) {
    guard !quiet else { return }
    let names = greeters.map { $0.greeter.name + ($0.active ? " (active)" : "") }.joined(separator: ", ")
    context.stdout.write(
      TerminalText.clean(
        "Login screen: \(picture.date) \(picture.key) (\(picture.title)) as \(LoginScreen.picturePath), for \(names)"
      )
        + "\n")
    if !greeters.contains(where: \.active) {
      context.stderr.warning(
        "none of these is the active greeter", hint: "'bingwall greeter status' shows which one is")
    }
  }

  func unset(_ greeters: [LoginScreen.State]) {
    guard !quiet else { return }
    let line =
      greeters.isEmpty
      ? "No greeter had a picture of bingwall's."
      : "Put back the pictures of " + greeters.map(\.greeter.name).joined(separator: ", ") + "."
    context.stdout.write(line + "\n")
  }

  func status(_ states: [LoginScreen.State], json: Bool) {
    if json {
      let rows = states.map { state -> JSONOutput in
        .object([
          ("greeter", .string(state.greeter.name)),
          ("file", .optional(state.greeter.file.isEmpty ? nil : state.greeter.file)),
          ("installed", .bool(state.installed)), ("active", .bool(state.active)),
          ("picture", .optional(state.picture)), ("cannot_set", .optional(state.greeter.unsettable)),
        ])
      }
      context.stdout.write(JSONOutput.array(rows).rendered() + "\n")
      return
    }
    func yes(_ flag: Bool) -> String { flag ? "yes" : "-" }
    var lines = ["GREETER              INSTALLED  ACTIVE  PICTURE"]
    var notes: [String] = []
    for state in states {
      let picture = state.picture ?? (state.greeter.unsettable == nil ? "-" : "cannot be set")
      lines.append(
        state.greeter.name.padded(to: 21) + yes(state.installed).padded(to: 11)
          + yes(state.active).padded(to: 8)
          + TerminalText.clean(picture))
      // Why not, for a greeter this machine shows or has, and always for GDM, since a GNOME
      // user asks this command why the picture does not change.
      if let reason = state.greeter.unsettable,
        state.installed || state.active || state.greeter.name == "gdm"
      {
        notes.append("\(state.greeter.name): \(reason)")
      }
    }
    if !notes.isEmpty { lines += [""] + notes }
    context.stdout.write(lines.joined(separator: "\n") + "\n")
  }

  /// Advice on stderr, one `warning:` line each; `--quiet` keeps them, as a risk taken is not news.
  func warn(_ warnings: [String]) {
    for warning in warnings { context.stderr.warning(warning) }
  }

  func lines(_ done: [String]) {
    guard !quiet else { return }
    for line in done { context.stdout.write(TerminalText.clean(line) + "\n") }
  }
}
