/// The few string operations bingwall needs that live in Foundation's ICU-backed half, written
/// here so that no target has to load ICU (4 ms and 6 MB on every run).
extension StringProtocol {
  /// Without leading and trailing spaces, tabs and line breaks.
  package func trimmed() -> String { trimming { $0 == " " || $0 == "\t" || $0.isNewline } }

  /// Without leading and trailing spaces and tabs; line breaks stay.
  package func trimmingBlanks() -> String { trimming { $0 == " " || $0 == "\t" } }

  /// Without leading and trailing line breaks.
  package func trimmingNewlines() -> String { trimming(where: \.isNewline) }

  func trimming(where drop: (Character) -> Bool) -> String {
    guard let first = firstIndex(where: { !drop($0) }), let last = lastIndex(where: { !drop($0) }) else {
      return ""
    }
    return String(self[first...last])
  }

  /// The same text apart from letter case (`ja-jp` and `ja-JP`).
  package func equalsIgnoringCase(_ other: some StringProtocol) -> Bool {
    lowercased() == other.lowercased()
  }

  /// The text made `width` characters long with trailing spaces (never cut).
  package func padded(to width: Int) -> String {
    count >= width ? String(self) : String(self) + String(repeating: " ", count: width - count)
  }
}

extension StringProtocol {
  /// Every `old` scalar replaced by `new`.
  ///
  /// By Unicode scalar, not by Character: a quote or `%` followed by a combining mark is one
  /// Character with it, and escaping by Character would let it through unescaped (a crontab
  /// line, a systemd unit, an FTS5 phrase). And a plain loop: the standard library's
  /// `replacing` goes through the regex machinery, whose first use costs about a millisecond
  /// of type lookups at every start. Scalar by scalar into the result: appending a whole
  /// String's scalars at once counts the result again each time, which made this quadratic in
  /// the number of replacements.
  package func replacingEvery(_ old: Unicode.Scalar, with new: String) -> String {
    guard unicodeScalars.contains(old) else { return String(self) }
    var result = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      if scalar == old {
        for replacement in new.unicodeScalars { result.append(replacement) }
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }
}

extension Double {
  /// `12.3` for 12.345 and `decimals: 1`: fixed-point text without `String(format:)`.
  package func fixed(decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(self) * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled) - whole * Int(scale)
    let sign = self < 0 && scaled > 0 ? "-" : ""
    guard decimals > 0 else { return sign + String(whole) }
    let digits = String(fraction)
    return sign + String(whole) + "." + String(repeating: "0", count: decimals - digits.count) + digits
  }
}
