import BingWallModel
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSources

/// The real bodies of the other sources, copied into `Tests/Fixtures/sources` (origins in each
/// folder's README), and the hand-made Wikimedia ones.
package enum SourceFixtures {
  package static func spotlight(_ name: String) -> Data {
    Data(Fixtures.text("sources/spotlight/\(name)").utf8)
  }
  package static func apod(_ name: String) -> Data { Data(Fixtures.text("sources/apod/\(name)").utf8) }
  package static func wikimedia(_ name: String) -> Data {
    Data(Fixtures.text("sources/wikimedia/\(name)").utf8)
  }

  /// A field of a fixture read with Foundation's own JSON reader, so that a test compares what
  /// bingwall read with what the body holds rather than with a copy typed by hand.
  package static func field(_ body: Data, _ path: [Any]) -> Any? {
    var value: Any? = try? JSONSerialization.jsonObject(with: body)
    for step in path {
      if let key = step as? String {
        value = (value as? [String: Any])?[key]
      } else if let index = step as? Int {
        guard let list = value as? [Any], list.indices.contains(index) else { return nil }
        value = list[index]
      }
    }
    return value
  }

  /// The object the JSON text at `path` holds (Spotlight's items are JSON inside a string).
  package static func nested(_ body: Data, _ path: [Any]) -> Data {
    Data(((field(body, path) as? String) ?? "").utf8)
  }

  /// The error `decode` throws; nil when it decodes. Another error than a `SourceError` fails
  /// the test.
  package static func error(_ decode: () throws -> Void) -> SourceError? {
    do {
      try decode()
      return nil
    } catch let error as SourceError {
      return error
    } catch {
      Issue.record("not a SourceError: \(error)")
      return nil
    }
  }
}
