extension ValueKind {
  /// Checks a raw word against this kind; returns it normalised (a choice in its listed spelling).
  ///
  /// The error is the part after "The value 'x' is invalid for '--opt <v>'".
  func validate(_ raw: String) -> Result<String, ValueProblem> {
    switch self {
    case .text, .file, .directory, .selector:
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
    case .choice, .configKey:
      let values = choices ?? []
      if let match = values.first(where: { $0.caseInsensitiveCompare(raw) == .orderedSame }) {
        return .success(match)
      }
      // Long lists (markets) would bury the message; help lists them instead.
      let detail =
        values.count <= 12
        ? "expected one of: \(values.joined(separator: ", "))" : "not a known value; see --help for the list"
      let problem = ValueProblem(detail, suggestion: Suggestion.closest(to: raw, in: values))
      return .failure(problem)
    case .date:
      return CalendarDate(parsing: raw) != nil
        ? .success(raw) : .failure(ValueProblem("expected a date as YYYY-MM-DD"))
    }
  }
}

/// Why a value was refused, and perhaps what was meant.
struct ValueProblem: Error, Equatable {
  var detail: String
  var suggestion: String?

  init(_ detail: String, suggestion: String? = nil) {
    self.detail = detail
    self.suggestion = suggestion
  }
}
