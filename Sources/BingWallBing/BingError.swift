import BingWallNet
import BingWallSystem
import FoundationEssentials
import Glibc

/// Why Bing's archive answer cannot be used: a bad status, or a body that holds no pictures.
///
/// Transport failures are not here: `BingClient` lets `NetError` through unchanged, so the
/// caller maps both with their own `isTemporary`. Every message names the market and, where
/// known, the URL, and says what to do.
enum BingError: TemporaryFailure, Equatable, Sendable {
  /// The archive answered with a status other than 200.
  case httpStatus(url: String, status: Int, retryAfter: Double? = nil)
  /// Status 200 with nothing but whitespace in the body, which Bing has served in the wild.
  case emptyBody(market: String, url: String?)
  /// The body is the literal `null`, Bing's answer when it has nothing for the request.
  case nullBody(market: String, url: String?)
  /// The body is an HTML page, such as an "Object moved" page or a captive portal, with its
  /// `<title>` when it has one.
  case htmlPage(market: String, url: String?, title: String?)
  /// The body is not JSON: cut short, not UTF-8, or broken; `detail` says where.
  case invalidJSON(market: String, url: String?, detail: String)
  /// The body is JSON but not an object, e.g. a list or a string; `found` names its type.
  case notAnObject(market: String, url: String?, found: String)
  /// The object has no `images`, or an empty list: `{"images":[]}` has been seen in the wild.
  case noImages(market: String, url: String?)
  /// `images` is there but is not a list; `found` names its type.
  case imagesNotAList(market: String, url: String?, found: String)
  /// Bing listed pictures but every one of them was unusable; `skipped` says why for each.
  case noUsableImage(market: String, url: String?, skipped: [SkippedImage])
  /// The fields given to `ArchiveImage.init` do not make a usable picture.
  case unusableImage(SkippedImage.Reason)

  /// True when asking again later could succeed, so that the command exits 75 and keeps the
  /// current wallpaper.
  ///
  /// The rule: statuses that mean "not now" (`HTTPResponse.isTemporaryFailure`, the same rule
  /// as for the pictures) and well-formed answers with nothing in them (an empty body, `null`, no images) are
  /// temporary; Bing serves all of these for a correct request when its archive has a bad
  /// moment. Every other status, and bodies of the wrong shape (HTML, broken JSON, wrong
  /// types, unusable pictures), are not: asking the same endpoint again returns the same
  /// thing until a person fixes the endpoint, the proxy or bingwall.
  var isTemporary: Bool {
    switch self {
    case .httpStatus(_, let status, _):
      return HTTPResponse.isTemporaryFailure(status: status)
    case .emptyBody, .nullBody, .noImages:
      return true
    case .htmlPage, .invalidJSON, .notAnObject, .imagesNotAList, .noUsableImage, .unusableImage:
      return false
    }
  }

  /// The wait the archive's answer asked for, for `RetryLoop`.
  var retryAfter: Double? {
    if case .httpStatus(_, _, let retryAfter) = self { return retryAfter }
    return nil
  }

  /// Text from the network for a message (see `TerminalText.quoted`).
  static func quoted(_ text: String, limit: Int = 80) -> String { TerminalText.quoted(text, limit: limit) }
}

extension BingError: DescribedError {
  var description: String {
    switch self {
    case .httpStatus(let url, let status, _):
      return "Bing answered HTTP \(status) for \(url)"
    case .emptyBody(let market, let url):
      return "Bing returned an empty body for \(Self.place(market, url))"
    case .nullBody(let market, let url):
      return "Bing returned 'null' instead of pictures for \(Self.place(market, url))"
    case .htmlPage(let market, let url, let title):
      let page = title.map { "an HTML page (\(Self.quoted($0)))" } ?? "an HTML page"
      return "Bing returned \(page) instead of JSON for \(Self.place(market, url))"
    case .invalidJSON(let market, let url, let detail):
      return "Bing's answer for \(Self.place(market, url)) is not valid JSON: \(detail)"
    case .notAnObject(let market, let url, let found):
      return "Bing's answer for \(Self.place(market, url)) is \(found), not a JSON object"
    case .noImages(let market, let url):
      return "Bing listed no pictures for \(Self.place(market, url))"
    case .imagesNotAList(let market, let url, let found):
      return "Bing's 'images' for \(Self.place(market, url)) is \(found), not a list"
    case .noUsableImage(let market, let url, let skipped):
      let reasons = skipped.prefix(3).map(\.description).joined(separator: "; ")
      let more = skipped.count > 3 ? "; and \(skipped.count - 3) more" : ""
      return "none of the \(skipped.count) pictures Bing listed for \(Self.place(market, url)) "
        + "is usable (\(reasons)\(more))"
    case .unusableImage(let reason):
      return "Bing's picture is unusable: \(reason)"
    }
  }

  private static let checkEndpoint =
    "check that network.endpoint (or BINGWALL_ENDPOINT) points at Bing and that no proxy or "
    + "portal answers in its place"
  private static let formatChanged = "Bing's format may have changed; please report it"

  /// `en-US (https://…)`, or the market alone when the URL is not known.
  private static func place(_ market: String, _ url: String?) -> String {
    url.map { "\(market) (\($0))" } ?? market
  }
}

extension BingError: HintedError {
  var hint: String? {
    switch self {
    case .httpStatus:
      return isTemporary ? "try again later" : "check network.endpoint (or BINGWALL_ENDPOINT) and the market"
    case .emptyBody, .nullBody, .noImages: return "try again later"
    case .htmlPage, .invalidJSON, .notAnObject: return Self.checkEndpoint
    case .imagesNotAList, .noUsableImage: return Self.formatChanged
    case .unusableImage: return nil
    }
  }
}

extension BingError: ExitStatusError {
  /// 75 when a later try may work, 1 otherwise.
  var exitStatus: Int32 { isTemporary ? ExitCode.temporaryFailure : ExitCode.failure }
}
