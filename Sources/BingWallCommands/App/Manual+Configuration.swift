import BingWallBing
import BingWallCLI
import BingWallModel

/// bingwall.conf(5): the configuration file, every key, and the one list of the markets.
extension Manual {
  static func configurationPage(_ program: ManPage.Program) -> String {
    var page = Page()
    ManPage.header(
      &page, name: "bingwall.conf", section: 5, summary: "the configuration file of bingwall",
      program: program)
    page.macro("Sh SYNOPSIS")
    page.macro("Pa $XDG_CONFIG_HOME/bingwall/config.toml")

    page.macro("Sh DESCRIPTION")
    page.prose(
      """
      bingwall(1) reads its settings from the command line, then BINGWALL_* environment \
      variables, then this file, then built-in defaults.
      The file is optional: without it every key has its default.
      'bingwall config path' prints where it is, 'bingwall config show' every key's value and \
      where it came from (marking lines it cannot use), 'bingwall config keys' every key's type \
      and default, and 'bingwall config set KEY VALUE' checks a value and rewrites the file \
      atomically, keeping other lines and comments; 'bingwall config unset KEY' returns a key to \
      its default. 'bingwall config edit' opens the file in $VISUAL or $EDITOR (split at spaces, \
      run without a shell) and saves it only once it has no errors.

      The file is a strict subset of TOML: strings, integers, decimals (0.7), booleans, arrays of \
      strings, [section] tables, dotted keys and # comments.
      Every problem names the file, the line and the key, and an unknown key is one too, so a \
      typo never silently resets a setting. Every command but config goes on without a line it \
      cannot use, that key at its default, after a warning naming the line and the fix (even \
      under --quiet, so that cron mails it; the daemon logs it); 'bingwall doctor' lists every \
      such line and exits 1. 'bingwall config set', unset and edit write no file that still has \
      a bad line elsewhere.
      Every key has an environment variable; arrays in variables are comma-separated.
      """)

    page.macro("Sh KEYS")
    page.macro("Bl -tag -width Ds")
    for key in configKeys {
      page.macro("It Cm \(key.name)")
      var text = "\(key.help) Type: \(key.typePhrase). Default: \(key.defaultLiteral)."
      if let allowed = key.allowed {
        text +=
          allowed == Market.known
          ? " Values: the codes under MARKETS below."
          : " Values: \(allowed.joined(separator: ", "))."
      }
      page.text(text + " Environment variable:")
      page.macro("Ev \(key.environmentVariable) .")
      page.text("For example:")
      page.macro("Dl " + Page.escapedArguments(key.example))
    }
    page.macro("El")

    page.macro("Sh HOOKS")
    page.prose(
      """
      hooks.on_change runs after any command or the daemon sets a picture (apply, next, \
      previous, random, update's apply, the daemon's rotation), hooks.on_new after an update \
      stores new pictures. Each is split into words as command is, quotes and backslashes \
      working as in a shell, and run without one: no expansion of any kind, and a placeholder \
      stays inside its word, so a title from the network is always one argument. {path} is the \
      picture as stored, {key} its key as selectors take it, {title} its title, {source} bing, \
      apod, wikimedia, earth-observatory or spotlight; for hooks.on_new they are the newest \
      new picture's.

      The hook's environment is bingwall's, with BINGWALL_PICTURE (the picture as stored), \
      BINGWALL_KEY, BINGWALL_TITLE, BINGWALL_SOURCE, BINGWALL_EVENT (update, apply, next, \
      previous, random or rotate), BINGWALL_SCREENS (one NAME=PATH line per screen whose own \
      picture was made, empty when the screens were not read), BINGWALL_DARK (the dark variant, \
      set only where one is made) and, for hooks.on_new, BINGWALL_NEW (the new pictures' keys, \
      one a line).

      A hook still running after hooks.timeout is stopped (SIGTERM to its process group, then \
      SIGKILL). A hook that cannot start, ends with a status other than 0 or is stopped is one \
      warning, never the picture's failure: the exit status is the same. -v shows what it \
      printed; 'bingwall doctor' checks that its program is there and can run.
      """)

    page.macro("Sh MARKETS")
    page.prose(
      """
      The markets Bing serves, as markets and --market take them, in any case; no other \
      code is taken. About a dozen have pictures of their own; the others are served the \
      rest of the world's or another market's, which update says in a warning.
      """)
    page.unbroken(Market.known)

    page.macro("Sh FILES")
    page.macro("Bl -tag -width Ds")
    page.macro("It Pa $XDG_CONFIG_HOME/bingwall/config.toml")
    page.text(
      "The file, in ~/.config when XDG_CONFIG_HOME is unset; --config or BINGWALL_CONFIG names another.")
    page.macro("El")

    let sample = configKeys.filter {
      ["mode", "daemon.rotate", "retention.keep", "lock_screen"].contains($0.name)
    }
    if !sample.isEmpty {
      page.macro("Sh EXAMPLES")
      page.text(
        "A file that fills the screens, also sets the lock screen, shows another picture every so often and keeps a bounded history:"
      )
      page.macro("Bd -literal -offset indent")
      for key in sample { page.literal(key.example) }
      page.macro("Ed")
    }
    ManPage.seeAlso(&page, [("bingwall", 1), ("bingwall-config", 1)])
    return page.text
  }
}
