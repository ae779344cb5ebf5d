import Foundation
import Testing

/// Text that never ends, for the readers' time bounds: one unit (`&`, `&lt;`, `&x`, `&#38;`) over
/// and over.
package enum TextFlood: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case ampersand = "&"
  case lessThan = "&lt;"
  case notAnEntity = "&x"
  case numeric = "&#38;"

  package var testDescription: String { rawValue }

  /// About `bytes` bytes of it.
  package func text(bytes: Int = 4_000_000) -> String {
    String(repeating: rawValue, count: bytes / rawValue.utf8.count)
  }

  /// What one unit reads as, in XML.
  package var decoded: String {
    switch self {
    case .ampersand: "&"
    case .lessThan: "<"
    case .notAnEntity: "&x"
    case .numeric: "&"
    }
  }

  /// `text` with the content of the first `<field>` element replaced by `content`.
  package static func replacingFirst(of field: String, in text: String, with content: String) throws -> String
  {
    let open = try #require(text.range(of: "<item>")).upperBound
    let start = try #require(text.range(of: "<\(field)>", range: open..<text.endIndex))
    let end = try #require(text.range(of: "</\(field)>", range: start.upperBound..<text.endIndex))
    return text.replacingCharacters(in: start.upperBound..<end.lowerBound, with: content)
  }
}
