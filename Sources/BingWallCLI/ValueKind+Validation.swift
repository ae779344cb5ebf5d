import BingWallSystem

extension ValueKind {
  /// Checks a raw word against this kind; returns it normalised (a choice in its listed spelling).
  ///
  /// The error is the part after "The value 'x' is invalid for '--opt <v>'".
  func validate(_ raw: String) -> Result<String, ValueProblem> {
    switch self {
    case .text, .file, .directory, .configValue, .commandPath:
      return .success(raw)
    case .selector, .selectorOrFile:
      // A number or a date that cannot name anything is a typo, not a key to look up.
      if !raw.isEmpty, raw.allSatisfy({ $0.isASCII && $0.isNumber }), (Int64(raw) ?? 0) <= 0 {
        return .failure(ValueProblem("expected a picture id of 1 or more"))
      }
      let dateShaped =
        raw.count == 10
        && raw.enumerated().allSatisfy { index, character in
          index == 4 || index == 7 ? character == "-" : character.isASCII && character.isNumber
        }
      if dateShaped, CalendarDate(parsing: raw) == nil {
        return .failure(ValueProblem("expected a real date as YYYY-MM-DD"))
      }
      return .success(raw)
    case .integer(let minimum, let maximum):
      guard let number = Int(raw) else { return .failure(ValueProblem("expected a whole number")) }
      if let minimum, number < minimum {
        return .failure(ValueProblem("expected a number of at least \(minimum)"))
      }
      if let maximum, number > maximum {
        return .failure(ValueProblem("expected a number of at most \(maximum)"))
      }
      return .success(String(number))
    case .configKey(let names):
      if let match = names.first(where: { $0.equalsIgnoringCase(raw) }) { return .success(match) }
      return .failure(
        ValueProblem(
          "not a known key", suggestion: Suggestion.closest(to: raw, in: names),
          hint: "'bingwall config keys' lists every key"))
    case .choice:
      let values = choices ?? []
      if let match = values.first(where: { $0.equalsIgnoringCase(raw) }) {
        return .success(match)
      }
      // Long lists (markets) would bury the message; the hint points at the help instead.
      let detail =
        values.count <= 12 ? "expected one of: \(values.joined(separator: ", "))" : "not a known value"
      let problem = ValueProblem(detail, suggestion: Suggestion.closest(to: raw, in: values))
      return .failure(problem)
    case .languageRegion(let listed):
      if let match = listed.first(where: { $0.equalsIgnoringCase(raw) }) { return .success(match) }
      return .failure(
        ValueProblem(
          "expected a listed language-region code such as en-US or pt-BR",
          suggestion: Suggestion.closest(to: raw, in: listed)))
    case .date:
      return CalendarDate(parsing: raw) != nil
        ? .success(raw) : .failure(ValueProblem("expected a date as YYYY-MM-DD"))
    case .duration:
      return Duration(offOrHumanText: raw) != nil
        ? .success(raw) : .failure(ValueProblem("expected off or a duration such as 30m, 2h, 1d"))
    case .size:
      return ByteCount(raw) != nil
        ? .success(raw) : .failure(ValueProblem("expected a size such as 500MB or 2GB"))
    }
  }
}

/// Why a value was refused, and perhaps what was meant.
package struct ValueProblem: Error, Equatable {
  var detail: String
  var suggestion: String?
  /// The fix when there is no suggestion.
  var hint: String?

  package init(_ detail: String, suggestion: String? = nil, hint: String? = nil) {
    self.detail = detail
    self.suggestion = suggestion
    self.hint = hint
  }
}
