import BingWallSystem

/// A Bing market: which regional edition of the picture of the day to ask for.
package struct Market: Hashable, Sendable, LosslessStringConvertible {
  /// The code as `known` spells it (`en-US`, `ROW`), or an unknown `ll-CC` code as
  /// `LanguageRegionCode` spells it (`xx-YY`).
  package let code: String

  /// The market a code names in any case: one in `known`, or any other well-formed `ll-CC`
  /// code, which Bing may well answer (it adds markets) and which is sent as given, with a
  /// warning (`unknownWarning`). Nil for anything else (`en_US`, `english`, `ROW1`).
  package init?(_ code: String) {
    guard let spelled = Self.canonical(code) ?? LanguageRegionCode.normalised(code) else { return nil }
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

  /// Whether the code is one of `known`; an unknown one is used all the same, with a warning.
  package var isKnown: Bool { Self.known.contains(code) }

  /// The one line (without `warning: `) said whenever an unknown code is accepted, from the
  /// command line, the config file or the environment.
  package static func unknownWarning(_ code: String) -> String {
    "bingwall does not know the market \(code); using it as given (Bing may answer with another market's picture)"
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
