import BingWallModel
import BingWallSystem
import FoundationEssentials

/// Why a source's body gives no picture: it is not JSON, a field has the wrong type, the source
/// has no picture to give (a video day, "No ad available"), or its API refused the request.
///
/// Each case names the source and, where it helps, the field by its path in the body
/// (`batchrsp.items[2].item`, `image.artist.text`), so that one line in a log says what to look
/// at. Text from the body reaches a message only through `TerminalText.quoted`.
enum SourceError: Error, Sendable, Equatable {
  /// The body is not JSON: empty, an HTML page, not UTF-8, cut short, nested too deep, or larger
  /// than `SourceBody.maximumSize`; `detail` says which and where.
  case notJSON(Source, detail: String)
  /// The body is not the RSS feed asked for (Earth Observatory, Commons' feed): empty, an HTML
  /// page, not XML, larger than `SourceBody.maximumSize`; `detail` says which and where.
  case notFeed(Source, detail: String)
  /// A string in the body that holds JSON of its own (Spotlight's `batchrsp.items[].item`) is
  /// not JSON.
  case nestedNotJSON(Source, path: String, detail: String)
  /// A field that must be there is missing or `null`.
  case missingField(Source, path: String)
  /// A field has another JSON type than the one the source documents.
  case wrongType(Source, path: String, expected: String, found: String)
  /// A URL in the body is not one bingwall fetches (`RemoteURL.Problem`).
  case badURL(Source, path: String, problem: RemoteURL.Problem)
  /// The body is well formed and says there is no picture.
  case noPicture(Source, NoPicture)
  /// The API answered with an error body instead of a picture.
  case apiError(Source, code: APICode, message: String)
  /// Reading the body took longer than its time limit (`WorkLimit`), and stopped there.
  case overTime(Source, OverTime)

  /// Why a well-formed body holds no picture.
  enum NoPicture: Sendable, Equatable {
    /// APOD's picture of that day is a video (`media_type` `video`).
    case video(CalendarDate)
    /// APOD's picture of that day is neither a picture nor a video (`media_type` `other`, or a
    /// type bingwall does not know), named as the body names it.
    case otherMedia(CalendarDate, mediaType: String)
    /// Spotlight said it has nothing to show ("No ad available"), with its words.
    case noAd(message: String)
    /// Spotlight's list of items is empty.
    case noItems
    /// Every item Spotlight listed was a promotion or unusable; `promotions` of them were
    /// promotions, and `unusable` holds why each other one could not be read.
    case noPhotograph(promotions: Int, unusable: [SourceError])
    /// Wikimedia's featured feed for the day has no `image`.
    case noImage(CalendarDate)
  }

  /// Why a source gave no picture, for `-v`: what its answer means and whether a later update
  /// may do better. Nil where the line says it all.
  var explanation: String? {
    switch self {
    case .noPicture(_, .noPhotograph(let promotions, _)) where promotions > 0:
      return "Spotlight fills some of its places with promotions (apps, games, Microsoft's offers), "
        + "which are not wallpapers; every item it listed now was one. Its list changes within hours, "
        + "and the next update asks again."
    case .noPicture(_, .noPhotograph):
      return "Spotlight's items could not be read as pictures; the next update asks again."
    case .noPicture(_, .noAd):
      return "Spotlight had nothing for this market now; the next update asks again."
    case .noPicture(_, .noItems):
      return "Its list was empty; the next update asks again."
    case .noPicture(_, .video):
      return "APOD's picture of the day is a video on some days; bingwall sets pictures only, "
        + "and the next day's is asked for tomorrow."
    case .noPicture(_, .noImage):
      return "Commons has not chosen a picture for this day yet; the next update asks again."
    default:
      return nil
    }
  }

  /// An API's error code, kept as it came.
  enum APICode: Sendable, Equatable, CustomStringConvertible {
    /// A word: api.nasa.gov's `API_KEY_MISSING`, `API_KEY_INVALID`, `OVER_RATE_LIMIT`, or a
    /// WordPress route's `rest_no_route`.
    case named(String)
    /// A number: api.nasa.gov's `{"code":404,"msg":…}`, an HTTP status.
    case status(Int)

    var description: String {
      switch self {
      case .named(let word): TerminalText.quoted(word, limit: 40)
      case .status(let status): String(status)
      }
    }
  }

  /// The source whose body this is.
  var source: Source {
    switch self {
    case .notJSON(let source, _), .notFeed(let source, _), .nestedNotJSON(let source, _, _),
      .missingField(let source, _),
      .wrongType(let source, _, _, _),
      .badURL(let source, _, _), .noPicture(let source, _), .apiError(let source, _, _),
      .overTime(let source, _):
      source
    }
  }

  /// True when the same request may well succeed later, so the caller keeps what it has and
  /// tries again at its next turn: Spotlight with nothing to show, APOD's day not there yet
  /// (404, around midnight Eastern), over the rate limit, or a server error. A video day, a body
  /// of the wrong shape or a refused key stays as it is until someone changes something.
  var isTemporary: Bool {
    switch self {
    case .noPicture(_, .noAd), .noPicture(_, .noItems):
      return true
    case .apiError(_, .named(let word), _):
      return word == "OVER_RATE_LIMIT"
    case .apiError(_, .status(let status), _):
      return status == 404 || status == 408 || status == 429 || status >= 500
    case .notJSON, .notFeed, .nestedNotJSON, .missingField, .wrongType, .badURL, .noPicture:
      return false
    case .overTime:
      // The same body would take as long again.
      return false
    }
  }
}

extension SourceError: DescribedError {
  var description: String {
    let name = source.displayName
    let owner = source.possessive
    switch self {
    case .notJSON(_, let detail):
      return "\(owner) answer is not JSON: \(detail)"
    case .notFeed(_, let detail):
      return "\(owner) answer is not an RSS feed: \(detail)"
    case .nestedNotJSON(_, let path, let detail):
      return "\(owner) answer has text at \(path) that is not JSON: \(detail)"
    case .missingField(_, let path):
      return "\(owner) answer has no \(path)"
    case .wrongType(_, let path, let expected, let found):
      return "\(owner) answer has \(path) as \(found), not \(expected)"
    case .badURL(_, let path, let problem):
      return "\(owner) answer names a URL at \(path) that bingwall does not fetch: \(problem)"
    case .noPicture(_, let reason):
      return "\(name) \(Self.words(reason))"
    case .apiError(_, let code, let message):
      let said = message.isEmpty ? "" : " (\(TerminalText.quoted(message)))"
      return "\(name) refused the request with the error \(code)\(said)"
    case .overTime(_, let overTime):
      return
        "\(owner) answer took more than \(overTime.limitText) to read; stopped reading it and passed it over"
    }
  }

  /// The end of a sentence starting with the source's name.
  private static func words(_ reason: NoPicture) -> String {
    switch reason {
    case .video(let day):
      return "has a video for \(day), not a picture"
    case .otherMedia(let day, let mediaType):
      return "has no picture for \(day) (its media type is \(TerminalText.quoted(mediaType, limit: 40)))"
    case .noAd(let message):
      return "has nothing to show now (\(TerminalText.quoted(message)))"
    case .noItems:
      return "listed no pictures"
    case .noPhotograph(let promotions, let unusable):
      var parts: [String] = []
      if promotions > 0 { parts.append("\(promotions) promotion\(promotions == 1 ? "" : "s")") }
      if !unusable.isEmpty { parts.append("\(unusable.count) unusable") }
      let first = unusable.first.map { "; the first: \($0.description)" } ?? ""
      return "listed no photograph (\(parts.joined(separator: ", ")))\(first)"
    case .noImage(let day):
      return "has no picture of the day for \(day)"
    }
  }
}
