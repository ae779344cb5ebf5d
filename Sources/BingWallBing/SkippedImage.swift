import BingWallSystem

/// An entry of the archive's `images` list that bingwall will not store, and why.
///
/// One bad entry must not cost the other seven days, so `ArchiveResponse.decode` sets it aside
/// here and goes on; `update` reports it. Only when no entry at all is usable does decoding
/// fail, with `BingError.noUsableImage` carrying these.
package struct SkippedImage: Sendable, Equatable, CustomStringConvertible {
  /// What is wrong with one entry.
  ///
  /// An `Error` only so that the derivation steps can throw it with a precise type; outside
  /// this module it arrives inside `BingError.noUsableImage` or `BingError.unusableImage`.
  /// Values quoted from the body are kept raw here and made printable in `description`.
  enum Reason: Error, Sendable, Equatable, CustomStringConvertible {
    /// The entry is not a JSON object.
    case notAnObject(found: String)
    /// A required field is absent or `null`.
    case missingField(String)
    /// A field has another JSON type than Bing uses, e.g. `urlbase` a number.
    case wrongType(field: String, expected: String, found: String)
    /// `urlbase` is neither a path starting with `/` nor an http(s) URL, or holds characters
    /// that do not belong in a URL.
    case badURLBase(String, why: String)
    /// `urlbase` has no `id` query item and is not a legacy `/az/hprichbg/rb/` path.
    case noID(urlbase: String)
    /// The picture id cannot safely name a file (see `ArchiveImage.key`).
    case unsafeID(String, why: String)
    /// A date field is not in Bing's `yyyyMMddHHmm` / `yyyyMMdd` form or names no real time.
    case badDate(field: String, value: String)
    /// Neither `fullstartdate` nor `startdate` is present.
    case noDate

    package var description: String {
      switch self {
      case .notAnObject(let found):
        return "the entry is \(found), not an object"
      case .missingField(let field):
        return "'\(field)' is missing"
      case .wrongType(let field, let expected, let found):
        return "'\(field)' is \(found), not \(expected)"
      case .badURLBase(let urlbase, let why):
        return "urlbase \(BingError.quoted(urlbase)) \(why)"
      case .noID(let urlbase):
        return "urlbase \(BingError.quoted(urlbase)) names no picture id"
      case .unsafeID(let id, let why):
        return "picture id \(BingError.quoted(id)) \(why)"
      case .badDate(let field, let value):
        return "'\(field)' \(BingError.quoted(value)) is not a valid date"
      case .noDate:
        return "it has neither 'fullstartdate' nor 'startdate'"
      }
    }
  }

  /// Position in the body's `images` list, from 0.
  var index: Int
  /// The entry's `urlbase` as given, when it was a string; to recognise the entry.
  var urlbase: String?
  var reason: Reason

  init(index: Int, urlbase: String?, reason: Reason) {
    self.index = index
    self.urlbase = urlbase
    self.reason = reason
  }

  /// `image 3: 'urlbase' is a number, not a string`, numbered from 1 for people.
  package var description: String {
    "image \(index + 1): \(reason)"
  }
}
