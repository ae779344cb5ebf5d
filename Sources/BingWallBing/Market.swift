/// A Bing market: which regional edition of the picture of the day to ask for.
package struct Market: Hashable, Sendable, LosslessStringConvertible {
  /// The code as `known` spells it: `en-US`, `ROW`.
  package let code: String

  /// The market a code names in any case; nil when Bing does not know it.
  package init?(_ code: String) {
    guard let listed = Self.canonical(code) else { return nil }
    self.code = listed
  }

  private init(listed code: String) {
    self.code = code
  }

  package var description: String { code }

  /// Every code Bing's archive accepts. Only about a dozen have their own picture; the others
  /// are served the "rest of world" (ROW) or en-US one, which `update` reports.
  package static let known: [String] = [
    "ROW", "da-DK", "de-AT", "de-CH", "de-DE", "en-AU", "en-CA", "en-GB", "en-ID", "en-IE", "en-IN",
    "en-MY", "en-NZ", "en-PH", "en-SG", "en-US", "en-ZA", "es-AR", "es-CL", "es-ES", "es-MX", "es-US",
    "fi-FI", "fr-BE", "fr-CA", "fr-CH", "fr-FR", "it-IT", "ja-JP", "ko-KR", "nb-NO", "nl-BE", "nl-NL",
    "pl-PL", "pt-BR", "pt-PT", "ru-RU", "sv-SE", "tr-TR", "zh-CN", "zh-HK", "zh-TW",
  ]

  /// The markets with a picture of their own (docs/bing-endpoint.md).
  package static let withOwnPicture: Set<String> = [
    "de-DE", "en-CA", "en-GB", "en-IN", "en-US", "es-ES", "fr-CA", "fr-FR", "it-IT", "ja-JP", "pt-BR",
    "zh-CN",
  ]

  /// The market when neither config nor the locale names one.
  package static let fallback = Market(listed: "en-US")

  /// The listed spelling of a code given in any case, or nil when Bing does not know it.
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
