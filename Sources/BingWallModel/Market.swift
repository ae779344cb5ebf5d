import BingWallSystem

/// A Bing market: which regional edition of the picture of the day to ask for.
package struct Market: Hashable, Sendable, LosslessStringConvertible {
  /// The code as `known` spells it (`en-US`, `ROW`); a stored one as the history holds it.
  package let code: String

  /// The market a code names in any case, one of `known`. Nil for any other: a mistyped
  /// `xx-XX` would be answered with another market's picture and stored under its own name, a
  /// market of one's own beside the real ones.
  package init?(_ code: String) {
    guard let spelled = Self.canonical(code) else { return nil }
    self.code = spelled
  }

  /// A market as the history holds it: never respelled, so that a row reads back byte for byte.
  package init(stored code: String) {
    self.code = code
  }

  package var description: String { code }

  /// Every code Bing's archive answers, as seen in its real answers (Tests' realbing replay
  /// covers each one). Only about a dozen have their own picture; the others are served the
  /// "rest of world" (ROW) or en-US one, which `update` reports. This one list drives the
  /// parser, the config check, the completions and the man page.
  package static let known: [String] = [
    "ROW", "ar-XA", "bg-BG", "cs-CZ", "da-DK", "de-AT", "de-CH", "de-DE", "el-GR", "en-AU", "en-CA",
    "en-GB", "en-ID", "en-IE", "en-IN", "en-MY", "en-NZ", "en-PH", "en-SG", "en-US", "en-XA", "en-ZA",
    "es-AR", "es-CL", "es-ES", "es-MX", "es-US", "es-XL", "et-EE", "fi-FI", "fr-BE", "fr-CA", "fr-CH",
    "fr-FR", "he-IL", "hr-HR", "hu-HU", "it-IT", "ja-JP", "ko-KR", "lt-LT", "lv-LV", "nb-NO", "nl-BE",
    "nl-NL", "pl-PL", "pt-BR", "pt-PT", "ro-RO", "ru-RU", "sk-SK", "sl-SI", "sv-SE", "th-TH", "tr-TR",
    "uk-UA", "zh-CN", "zh-HK", "zh-TW",
  ]

  /// Up to three markets near a code that is not one: of its region, else of its language
  /// (`de-AT` for `en-AT`; `fr-BE`, `fr-CA`, `fr-CH` for `fr-XX`).
  package static func nearest(to code: String) -> [String] {
    let parts = code.split(separator: "-").map { $0.lowercased() }
    guard parts.count == 2 else { return [] }
    let region = known.filter { $0.lowercased().hasSuffix("-" + parts[1]) }
    let language = known.filter { $0.lowercased().hasPrefix(parts[0] + "-") }
    return Array((region.isEmpty ? language : region).prefix(3))
  }

  /// The market when neither config nor the locale names one.
  package static let fallback = Market(stored: "en-US")

  /// The listed spelling of a code given in any case, or nil when it is not in `known`.
  package static func canonical(_ code: String) -> String? {
    known.first { $0.equalsIgnoringCase(code) }
  }

  /// The market a POSIX locale such as `de_DE.UTF-8` or `fr_CA@euro` names, if Bing knows it.
  package static func fromLocale(_ locale: String) -> String? {
    let name = locale.split(separator: ".").first.map(String.init) ?? locale
    let bare = name.split(separator: "@").first.map(String.init) ?? name
    let parts = bare.split(separator: "_")
    guard parts.count == 2 else { return nil }
    return canonical("\(parts[0])-\(parts[1])")
  }
}
