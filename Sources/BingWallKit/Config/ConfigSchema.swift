import BingWallBing
import BingWallDesktop
import BingWallModel
import BingWallNet
import BingWallSchedule
import BingWallSources
import BingWallStore
import BingWallSystem

/// Every key config.toml may hold (bingwall.conf(5) lists them), each a typed handle: code reads
/// `configuration[ConfigSchema.markets]`; only `config get/set` and the file look a key up by
/// the name a person typed.
package enum ConfigSchema {
  package static let markets = ConfigKey<[Market]>(
    "markets", default: [Market.fallback],
    help: "Bing markets to fetch, one or more; the default follows LANG.",
    allowed: Market.known, nearest: Market.nearest(to:),
    check: { $0.strings?.isEmpty == true ? "name at least one market" : nil })
  package static let sources = sources(in: .standard)

  /// `sources`, naming `registry`'s.
  static func sources(in registry: SourceRegistry) -> ConfigKey<[Source]> {
    ConfigKey<[Source]>(
      "sources", default: [.bing],
      help: "Pictures of the day to fetch, one or more; 'bingwall sources' says what each offers.",
      allowed: registry.sources.map(\.rawValue),
      check: { $0.strings?.isEmpty == true ? "name at least one source" : nil })
  }
  /// Each source's own keys, from its plug-in (`PictureSource.settings`): its base URL (Bing's is
  /// `network.endpoint`), an API key. Made once, in the registry's order.
  static let sourceKeys: [ConfigKey<String>] = sourceKeys(of: .standard)

  /// The keys of every plug-in of `registry`, each a text key with its environment variable
  /// above the file; an endpoint is checked as every endpoint is (`endpointProblem`).
  static func sourceKeys(of registry: SourceRegistry) -> [ConfigKey<String>] {
    registry.plugins.flatMap(\.settings).map(key(for:))
  }

  /// The key of one source's setting.
  static func key(for setting: SourceSetting) -> ConfigKey<String> {
    ConfigKey<String>(
      setting.name, default: "", help: setting.help,
      check: { value in
        guard let text = value.string, !text.isEmpty else { return nil }
        switch setting.kind {
        case .endpoint: return endpointProblem(text, orNothing: true)
        case .text(let problem): return problem(text)
        }
      },
      environmentOverride: setting.environmentVariable)
  }

  /// The configured value of each of `plugin`'s settings by its key's name, and its base URL,
  /// nil for its own servers.
  static func settings(of plugin: any PictureSource, in configuration: Configuration)
    -> (endpoint: String?, values: [String: String])
  {
    var values: [String: String] = [:]
    var endpoint: String?
    for setting in plugin.settings {
      let key = sourceKeys.first { $0.name == setting.name } ?? self.key(for: setting)
      let value = configuration[key]
      values[setting.name] = value
      if case .endpoint = setting.kind, !value.isEmpty { endpoint = value }
    }
    return (endpoint, values)
  }

  package static let resolution = ConfigKey<Resolution>(
    "resolution", default: Resolution.preferred,
    help: "Picture size to download; UHD falls back to 1920x1080 when missing.",
    allowed: Resolution.known, nearest: Resolution.nearest(to:))
  static let imageDir = ConfigKey<String>(
    "image_dir", default: "",
    help: "Folder for the pictures; empty means $XDG_DATA_HOME/bingwall/images.",
    check: { value in
      guard let path = value.string, !path.isEmpty else { return nil }
      return path.hasPrefix("/") || path.hasPrefix("~/") ? nil : "expected an absolute path"
    })
  package static let backend = ConfigKey<BackendName>(
    "backend", default: .auto,
    help: "Wallpaper backend: auto, or a name from 'bingwall backends'.",
    allowed: BackendRegistry.names)
  static let command = ConfigKey<String>(
    "command", default: "",
    help: "For backend \"command\": the program and its arguments; {path}, {uri} and {mode} are replaced.")
  package static let mode = ConfigKey<WallpaperMode>(
    "mode", default: .auto,
    help: "How the picture fills the screen.", allowed: WallpaperMode.all)
  static let applyOnUpdate = ConfigKey<Bool>(
    "apply_on_update", default: true,
    help: "Set the newest picture as the wallpaper after an update.")
  package static let lockScreen = ConfigKey<Bool>(
    "lock_screen", default: false,
    help: "Also set the lock screen where the desktop has one; elsewhere a warning says so.")
  /// Zero is `off`.
  package static let rotate = ConfigKey<Duration>(
    "daemon.rotate", default: .zero,
    help: "How often the daemon shows another stored picture: off, or e.g. 30m, 2h, 1d.",
    check: { value in
      guard let text = value.string else { return nil }
      return Duration(configValue: .string(text)) == nil
        ? "expected off or a duration such as 30m, 2h, 1d" : nil
    })
  package static let favoritesOnly = ConfigKey<Bool>(
    "daemon.favorites_only", default: false,
    help: "Rotate through favourite pictures only.")
  package static let notify = ConfigKey<Bool>(
    "daemon.notify", default: false,
    help: "Show a desktop notification when a new picture is applied (the daemon adds Keep, Next and Ban).")
  package static let tray = ConfigKey<Bool>(
    "daemon.tray", default: false,
    help: "Show the daemon's icon and menu in the panel's tray.")
  package static let keep = ConfigKey<Int>(
    "retention.keep", default: 0,
    help: "Keep the newest N pictures; 0 keeps all.",
    check: { ($0.integer ?? 0) < 0 ? "expected 0 or more" : nil })
  package static let maxAgeDays = ConfigKey<Int>(
    "retention.max_age_days", default: 0,
    help: "Delete pictures older than this many days; 0 keeps all.",
    check: { ($0.integer ?? 0) < 0 ? "expected 0 or more" : nil })
  /// Nil, written `""`, is no limit.
  package static let maxSize = ConfigKey<ByteCount?>(
    "retention.max_size", default: nil,
    help: "Keep the image folder under this size, e.g. 2GB; empty means no limit.",
    check: { value in
      guard let text = value.string else { return nil }
      return ByteCount?(configValue: .string(text)) == nil ? "expected a size such as 500MB or 2GB" : nil
    })
  /// The screens' own pictures (`$XDG_CACHE_HOME/bingwall/screens`), made again when needed:
  /// the oldest go first beyond this size. Nil, written `""`, is no limit.
  static let screenCacheMaxSize = ConfigKey<ByteCount?>(
    "pictures.cache_max_size", default: ByteCount("500M"),
    help: "Keep the screens' own pictures (crops made for each screen) under this size, e.g. 500MB.",
    check: { value in
      guard let text = value.string else { return nil }
      return ByteCount?(configValue: .string(text)) == nil ? "expected a size such as 500MB or 2GB" : nil
    })

  /// A number's check: within `bounds`. Any other type is the type check's to refuse.
  static func numberCheck(_ bounds: ClosedRange<Double>) -> @Sendable (ConfigValue) -> String? {
    { value in
      guard let number = value.number else { return nil }
      return bounds.contains(number)
        ? nil : "expected a number from \(Int(bounds.lowerBound)) to \(Int(bounds.upperBound))"
    }
  }

  static let darkDim = ConfigKey<Double>(
    "pictures.dark_dim", default: 0.7,
    help:
      "Brightness the dark-style picture keeps, from 0 to 1 (GNOME's picture-uri-dark); 1 is the picture itself.",
    check: numberCheck(0...1))
  static let lockBlur = ConfigKey<Double>(
    "pictures.lock_blur", default: 0,
    help:
      "Blur of the lock screen's picture, a sigma in pixels (20 is soft, 60 is a wash); 0 is the picture itself.",
    check: numberCheck(0...200))
  static let caption = ConfigKey<Bool>(
    "pictures.caption", default: false,
    help: "Draw the picture's title and credit in its calmest corner.")
  static let screenPolicy = ConfigKey<ScreenPolicy>(
    "screens.policy", default: .same,
    help:
      "same: every screen shows the picture; different: the primary shows it, the others recent pictures.",
    allowed: ScreenPolicy.allCases.map(\.rawValue))
  static let screenFavoritesFirst = ConfigKey<Bool>(
    "screens.favorites_first", default: false,
    help: "With policy different, favourite pictures go on the other screens first.")
  static let screenPins = ConfigKey<[ScreenPin]>(
    "screens.pin", default: [],
    help:
      "Screens that always show one picture: [\"HDMI-A-1=latest\", \"DP-2=OHR.Lake\"] (names from 'bingwall outputs').",
    check: { value in
      guard let pins = value.strings else { return nil }
      return pins.first { ScreenPin($0) == nil }.map { "expected OUTPUT=SELECTOR, got '\($0)'" }
    })
  /// Run after a picture is set (`Hook`): split as `command` is, with the hook's placeholders.
  static let onChange = ConfigKey<String>(
    "hooks.on_change", default: "",
    help:
      "Run after the picture changes, without a shell, e.g. \"wal -i {path}\"; {path}, {key}, {title} "
      + "and {source} are replaced; empty runs nothing.",
    check: { hookProblem($0) })
  static let onNew = ConfigKey<String>(
    "hooks.on_new", default: "",
    help: "Run after an update stores new pictures (their keys in BINGWALL_NEW), as hooks.on_change is.",
    check: { hookProblem($0) })
  static let hookTimeout = ConfigKey<Duration>(
    "hooks.timeout", default: .seconds(30),
    help: "How long a hook may run before it is stopped, e.g. 30s, 2m.",
    check: { value in
      guard let text = value.string else { return nil }
      let duration = Duration(offOrHumanText: text)
      return duration == nil || duration == .zero ? "expected a duration such as 30s or 2m" : nil
    })
  static let endpoint = ConfigKey<String>(
    "network.endpoint", default: "https://www.bing.com",
    help:
      "Base URL of Bing (or a mirror), https:// or http:// to this machine only; every request goes there.",
    check: { value in value.string.flatMap { endpointProblem($0, orNothing: false) } },
    environmentOverride: "BINGWALL_ENDPOINT")
  /// How bingwall names itself to Wikimedia, whose User-Agent policy asks every client for a
  /// way to reach whoever runs it.
  static let contact = ConfigKey<String>(
    "network.contact", default: "bingwall@users.noreply.github.com",
    help: "Your e-mail address or web page, sent to Wikimedia in the User-Agent as its policy asks.",
    check: { value in
      guard let text = value.string else { return nil }
      return text.isEmpty || text.count > 200 || text.contains(where: \.isNewline)
        ? "expected an e-mail address or URL on one line" : nil
    })
  static let timeout = ConfigKey<Int>(
    "network.timeout", default: 30,
    help:
      "Seconds a request may take before it is abandoned, and reading its answer; a whole update, 6 times "
      + "as long.",
    check: { value in
      guard let seconds = value.integer else { return nil }
      return (1...3600).contains(seconds) ? nil : "expected between 1 and 3600 seconds"
    })
  static let caFile = ConfigKey<String>(
    "network.ca_file", default: "",
    help:
      "PEM file of the certificate authorities to trust instead of the system's (a proxy with its own CA); "
      + "empty means CURL_CA_BUNDLE, SSL_CERT_FILE or the system's.",
    check: { value in
      guard let path = value.string, !path.isEmpty else { return nil }
      return path.hasPrefix("/") || path.hasPrefix("~/") ? nil : "expected an absolute path"
    })

  static let onMetered = ConfigKey<MeteredPolicy>(
    "network.on_metered", default: .skip,
    help: "skip: no download over a metered connection (NetworkManager's Metered); allow: download anyway.",
    allowed: MeteredPolicy.allCases.map(\.rawValue))
  static let story = ConfigKey<Bool>(
    "network.story", default: true,
    help: "Also fetch Bing's longer text for each picture (headline, description, quick fact).")
  static let minBattery = ConfigKey<BatteryThreshold>(
    "power.min_battery", default: BatteryThreshold("20%")!,
    help: "On battery below this charge (UPower), updates wait, e.g. 20%; 0% never waits.",
    check: { value in
      guard let text = value.string else { return nil }
      return BatteryThreshold(text) == nil ? "expected a percentage from 0% to 100%, such as 20%" : nil
    })

  /// In the order `config show` lists them.
  package static let keys: [ConfigKeySpec] = keys(sources: sources, sourceKeys: sourceKeys)

  /// The keys with `registry`'s sources: `keys` itself for the standard registry.
  package static func keys(for registry: SourceRegistry) -> [ConfigKeySpec] {
    guard registry.sources != SourceRegistry.standard.sources else { return keys }
    return keys(sources: sources(in: registry), sourceKeys: sourceKeys(of: registry))
  }

  private static func keys(sources: ConfigKey<[Source]>, sourceKeys: [ConfigKey<String>]) -> [ConfigKeySpec] {
    [
      markets.spec,
      sources.spec,
      resolution.spec,
      imageDir.spec,
      backend.spec,
      command.spec,
      mode.spec,
      applyOnUpdate.spec,
      lockScreen.spec,
      rotate.spec,
      favoritesOnly.spec,
      notify.spec,
      tray.spec,
      keep.spec,
      maxAgeDays.spec,
      maxSize.spec,
      screenCacheMaxSize.spec,
      darkDim.spec,
      lockBlur.spec,
      caption.spec,
      screenPolicy.spec,
      screenFavoritesFirst.spec,
      screenPins.spec,
      onChange.spec,
      onNew.spec,
      hookTimeout.spec,
      endpoint.spec,
      contact.spec,
      timeout.spec,
      caFile.spec,
      onMetered.spec,
      story.spec,
      minBattery.spec,
    ] + sourceKeys.map(\.spec)
  }

  /// The key a person named (`config get KEY`, a line of the file).
  package static func key(named name: String) -> ConfigKeySpec? {
    keys.first { $0.name == name }
  }

  /// Why `url` is not an endpoint bingwall asks, for every endpoint key, whether it comes from
  /// `config set`, the file or the environment: not an http(s) URL, or plain http to a host that
  /// is not this machine (the client's own rule for every request and redirect,
  /// `Redirects.refusal(first:)`). Nil when it is one.
  static func endpointProblem(_ url: String, orNothing: Bool) -> String? {
    let lower = url.lowercased()
    guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), url.count > 8 else {
      return "expected an http:// or https:// URL\(orNothing ? ", or nothing" : "")"
    }
    guard case .plainHTTP(let host)? = Redirects.refusal(first: url) else { return nil }
    return "plain http to \(TerminalText.quoted(host, limit: 60)) would cross the network unencrypted: "
      + "use https://, or http:// to this machine only (localhost, 127.x.x.x, [::1])"
  }

  /// Why a hook's template cannot run, or nil for an empty one (no hook) and a usable one.
  static func hookProblem(_ value: ConfigValue) -> String? {
    guard let text = value.string, !text.trimmingBlanks().isEmpty else { return nil }
    do throws(ArgumentTemplate.Problem) {
      _ = try ArgumentTemplate(text, placeholders: Hook.placeholders)
      return nil
    } catch {
      return Hook.problem(error)
    }
  }

  /// The section names that exist: `daemon`, `retention`, `network`.
  static var sections: [String] {
    keys.compactMap(\.section).uniqued()
  }
}
