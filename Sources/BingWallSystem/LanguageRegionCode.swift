/// A language-region code `ll-CC`: an ISO 639-1 language and an ISO 3166-1 region, as in
/// `en-US` or `pt-BR`.
///
/// Only the shape is checked, not the registries: new regions and services' own pseudo-regions
/// must pass, and the point is to tell a code from a typo such as `en_US` or `english`, not to
/// decide which codes exist.
package enum LanguageRegionCode {
  /// `code` in its usual spelling, language in lower case and region in upper case (`pt-br` →
  /// `pt-BR`); nil unless it is two ASCII letters, a dash and two ASCII letters.
  package static func normalised(_ code: String) -> String? {
    let scalars = Array(code.unicodeScalars)
    guard scalars.count == 5, scalars[2] == "-" else { return nil }
    let isLetter: (Unicode.Scalar) -> Bool = { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
    let language = scalars[0..<2]
    let region = scalars[3..<5]
    guard language.allSatisfy(isLetter), region.allSatisfy(isLetter) else { return nil }
    return String(String.UnicodeScalarView(language)).lowercased() + "-"
      + String(String.UnicodeScalarView(region)).uppercased()
  }
}
