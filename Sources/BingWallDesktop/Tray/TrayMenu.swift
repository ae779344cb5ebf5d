import BingWallSystem

/// The panel menu as com.canonical.dbusmenu items: made from a `TrayState`, one flat list under
/// the root (id 0). Ids are fixed per entry, so a host that clicks an id from an older layout
/// still names the same entry.
///
/// https://github.com/AyatanaIndicators/libdbusmenu/blob/master/libdbusmenu-glib/dbus-menu.xml
struct TrayMenu: Sendable, Equatable {
  enum Entry: Int32, Sendable, CaseIterable {
    case title = 1, credit
    case next = 10, previous, random, newest
    case favorite = 20, ban
    case page = 30, gallery, folder
    case autoUpdate = 40, startAtLogin
    case quit = 50
  }

  struct Item: Sendable, Equatable {
    var id: Int32
    /// Empty for a separator.
    var label: String
    var enabled = true
    /// A check mark's state, nil for an entry without one.
    var checked: Bool?
    var isSeparator: Bool { label.isEmpty }
  }

  /// The longest label a picture's title or credit makes, in characters: a menu is not a page.
  static let labelLimit = 72

  let items: [Item]

  init(_ state: TrayState) {
    var items: [Item] = []
    var separators: Int32 = 100
    func separator() {
      items.append(Item(id: separators, label: ""))
      separators += 1
    }
    func add(_ entry: Entry, _ label: String, enabled: Bool = true, checked: Bool? = nil) {
      items.append(Item(id: entry.rawValue, label: label, enabled: enabled, checked: checked))
    }
    let picture = state.picture
    add(.title, picture.map { Self.label($0.title) } ?? "No picture on screen yet", enabled: false)
    if let picture, !picture.credit.isEmpty { add(.credit, Self.label(picture.credit), enabled: false) }
    separator()
    add(.next, "_Next")
    add(.previous, "_Previous")
    add(.random, "_Random")
    add(.newest, "Ne_west", enabled: state.canUpdate)
    separator()
    add(.favorite, "_Favorite", enabled: picture != nil, checked: picture?.favorite ?? false)
    add(.ban, "_Ban and Move On", enabled: picture != nil)
    separator()
    add(.page, "Open the Picture’s P_age", enabled: picture?.hasPage ?? false)
    add(.gallery, "Open the _Gallery")
    add(.folder, "Open the Pictures F_older")
    separator()
    add(
      .autoUpdate, "_Auto Update", enabled: state.canAutoUpdate,
      checked: state.autoUpdate && state.canAutoUpdate)
    add(.startAtLogin, "_Start at Login", checked: state.startAtLogin)
    separator()
    add(.quit, "_Quit")
    self.items = items
  }

  /// What a click on `id` asks for, given the state the menu showed; nil for an entry that does
  /// nothing (the title) or an id of no entry.
  static func request(for id: Int32, in state: TrayState) -> DesktopRequest? {
    guard let entry = Entry(rawValue: id) else { return nil }
    switch entry {
    case .title, .credit: return nil
    case .next: return .next
    case .previous: return .previous
    case .random: return .random
    case .newest: return state.canUpdate ? .newest : nil
    case .favorite: return state.picture.map { .favorite(key: $0.key, on: !$0.favorite) }
    case .ban: return state.picture.map { .ban(key: $0.key) }
    case .page: return state.picture.flatMap { $0.hasPage ? .open(.page(key: $0.key)) : nil }
    case .gallery: return .open(.gallery)
    case .folder: return .open(.picturesFolder)
    case .autoUpdate: return .autoUpdate(!state.autoUpdate)
    case .startAtLogin: return .startAtLogin(!state.startAtLogin)
    case .quit: return .quit
    }
  }

  /// A picture's text as a menu label: an underscore is doubled (a single one marks the next
  /// letter as the access key), and a long one is cut at a word with an ellipsis.
  static func label(_ text: String) -> String {
    var cut = text
    if cut.count > labelLimit {
      let prefix = cut.prefix(labelLimit - 1)
      let word = prefix.lastIndex(of: " ").map { prefix[..<$0] } ?? prefix
      cut = String(word.count > labelLimit / 2 ? word : prefix) + "…"
    }
    var label = ""
    for character in cut {
      if character == "_" { label += "__" } else { label.append(character) }
    }
    return label
  }
}
