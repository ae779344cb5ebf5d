/// Why a text is not the JSON or XML expected, and where: what `JSONParser` and `XMLParser`
/// throw, so that a body cut short, a fault and a reading stopped at its time limit read the
/// same whichever language the body is in.
package struct TextSyntaxError: Error, Equatable, CustomStringConvertible {
  /// What the text was read as.
  package enum Language: String, Sendable {
    case json = "JSON"
    case xml = "XML"
  }

  var language: Language
  /// Offset in bytes from the start of the body.
  var offset: Int
  var message: String
  /// True when the text ended in the middle of a value or inside the document: a body cut short.
  var isTruncated: Bool
  /// Set when the reading stopped at its time limit rather than at a fault of the text.
  package var overTime: OverTime? = nil

  package var description: String {
    if let overTime {
      return "reading it took more than \(overTime.limitText), stopped at byte \(offset)"
    }
    return isTruncated
      ? "the body ends in the middle of the \(language.rawValue) at byte \(offset) (cut short?)"
      : "\(message) at byte \(offset)"
  }
}

extension TextSyntaxError {
  /// The reading of a text in `language` stopped at `offset` because its time limit passed.
  init(stoppedAt offset: Int, reading language: Language, _ overTime: OverTime) {
    self.init(language: language, offset: offset, message: "", isTruncated: false, overTime: overTime)
  }
}

extension WorkLimit {
  /// One unit of a parser's work at `offset` of a text in `language`; past the limit, the
  /// error that stops the reading there.
  mutating func step(reading language: TextSyntaxError.Language, at offset: Int) throws(TextSyntaxError) {
    do {
      try step()
    } catch {
      throw TextSyntaxError(stoppedAt: offset, reading: language, error)
    }
  }
}
