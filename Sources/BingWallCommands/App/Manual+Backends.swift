import BingWallCLI

/// bingwall-backends(7): every desktop and tool bingwall sets the wallpaper with, how one is
/// chosen, and what each does with the modes and the screens.
extension Manual {
  static func backendsPage(_ program: ManPage.Program) -> String {
    var page = Page()
    ManPage.header(
      &page, name: "bingwall-backends", section: 7,
      summary: "the desktops and tools bingwall sets the wallpaper with", program: program)

    page.macro("Sh DESCRIPTION")
    page.prose(
      """
      A backend is one way of setting the desktop background: a desktop's own settings, or a \
      tool.
      The backend key of bingwall.conf(5), or --backend of apply, random, update and daemon, \
      names one; the default, auto, picks one for the session each time the wallpaper is set:

      First the session's own desktop, as XDG_CURRENT_DESKTOP, XDG_SESSION_DESKTOP and \
      DESKTOP_SESSION name it (not under a plain X11 window manager such as i3 or openbox, whose \
      sessions read no desktop's settings).
      Then, on Wayland, a setter whose daemon already runs, else the first installed setter for \
      Wayland; on X11 the first installed setter for X11.
      Last, the XDG desktop portal, where it can set a wallpaper.
      'bingwall backends' shows which backends are available, detected and selected here, and \
      why.
      """)

    page.macro("Sh BACKENDS")
    page.macro("Bl -tag -width Ds")
    for backend in backends {
      page.macro("It Cm \(backend.name)")
      page.text(backend.sets)
      var facts = backend.detection
      if !backend.tools.isEmpty { facts += " Runs: " + backend.tools.joined(separator: ", ") + "." }
      facts += " Needs: \(backend.needs)."
      facts += " With fill or fit it is given \(backend.covers)."
      if backend.darkPicture { facts += " It also sets a dimmed picture for the dark style." }
      if backend.lockPicture { facts += " With --lock-screen it sets the lock screen's own picture." }
      if let limitation = backend.limitation { facts += " Limitation: \(limitation)." }
      page.text(facts)
    }
    page.macro("El")

    modes(&page, table: modeTable)
    ManPage.seeAlso(
      &page,
      [
        ("bingwall", 1), ("bingwall-apply", 1), ("bingwall-backends", 1), ("bingwall-outputs", 1),
        ("bingwall.conf", 5),
      ].filter { reference in
        reference.name == "bingwall" || reference.name == "bingwall.conf"
          || CommandTable.root.visibleSubcommands.contains { program.pageName($0) == reference.name }
      })
    return page.text
  }

  /// MODES and SCREENS: each backend's setting per mode, and what pictures the screens get.
  static func modes(_ page: inout Page, table: ModeTable) {
    page.macro("Sh MODES")
    page.prose(
      """
      The mode (--mode, config mode) says how the picture fills the screen: fill covers the \
      screen and crops what sticks out, fit shows the whole picture with bars, stretch distorts it \
      to cover the screen, center shows it at its own size, tile repeats it.
      The default, auto, leaves a desktop's own scaling setting alone and gives tools that need a \
      flag fill.
      Each backend's setting per mode:
      """)
    let shown = table.modes
    // One entry per backend, its settings in a line that wraps: six columns of tool flags do not
    // fit in 80, and man would run them off the page.
    page.macro("Bl -tag -width Ds")
    for (name, settings) in table.rows {
      page.macro("It \(name)")
      // One mode a source line (mandoc wants lines under 80 bytes); man joins them.
      for (index, mode) in shown.enumerated() {
        page.literal("\(mode): \(settings[mode] ?? "-")" + (index < shown.count - 1 ? "," : ""))
      }
    }
    page.macro("El")
    page.prose(
      """
      The command backend passes the mode's name in {mode}; none sets nothing and keeps the \
      history only.
      """)
    guard !table.screens.isEmpty else { return }
    page.macro("Sh SCREENS")
    page.prose(
      """
      With fill or fit, and libvips installed, bingwall makes the picture for the screens \
      ('bingwall outputs') and asks the backend to stretch it, which then distorts nothing:
      """)
    page.macro("Bl -bullet -width Ds")
    for (phrase, backends) in table.screens {
      page.macro("It")
      page.text(
        phrase.prefix(1).uppercased() + phrase.dropFirst() + ": " + backends.joined(separator: ", ") + ".")
    }
    page.macro("El")
    if !table.screenNotes.isEmpty {
      page.prose(table.screenNotes.map { $0 + "." }.joined(separator: " "))
    }
  }
}
