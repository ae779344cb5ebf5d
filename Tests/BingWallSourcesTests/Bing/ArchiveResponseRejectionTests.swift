import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallSystem

/// Bodies that hold no usable pictures: each is refused with its own error, whose message names
/// the market and the URL, and says whether to try again.
@Suite struct ArchiveResponseRejectionTests {
  static let url = "https://www.bing.com/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=en-GB&mbl=1"

  /// The error case a body should give, by name, with whether it is temporary.
  struct Rejection: Sendable, CustomTestStringConvertible {
    var name: String
    var body: Data
    var kind: String
    var temporary: Bool
    var testDescription: String { name }

    init(_ name: String, _ body: String, _ kind: String, temporary: Bool) {
      self.init(name, Data(body.utf8), kind, temporary: temporary)
    }

    init(_ name: String, _ body: Data, _ kind: String, temporary: Bool) {
      self.name = name
      self.body = body
      self.kind = kind
      self.temporary = temporary
    }
  }

  static let rejections: [Rejection] = [
    Rejection("empty body", BingFixtures.empty, "emptyBody", temporary: true),
    Rejection("white space only", BingFixtures.whitespace, "emptyBody", temporary: true),
    Rejection("byte order mark only", Data([0xEF, 0xBB, 0xBF, 0x0A]), "emptyBody", temporary: true),
    Rejection("null", BingFixtures.null, "nullBody", temporary: true),
    Rejection("null with spaces", " null\r\n", "nullBody", temporary: true),
    Rejection("empty images", BingFixtures.emptyImages, "noImages", temporary: true),
    Rejection("no images key", BingFixtures.noImagesKey, "noImages", temporary: true),
    Rejection("images null", #"{"images":null}"#, "noImages", temporary: true),
    Rejection("empty object", "{}", "noImages", temporary: true),
    Rejection("Object moved page", BingFixtures.objectMoved, "htmlPage", temporary: false),
    Rejection(
      "HTML without a title", "<!doctype html><p>Sign in to the network</p>", "htmlPage", temporary: false),
    Rejection("truncated", BingFixtures.truncated, "invalidJSON", temporary: false),
    Rejection(
      "trailing comma", #"{"images":[{"urlbase":"/th?id=OHR.X_EN-US1"},]}"#, "invalidJSON", temporary: false),
    Rejection("text after the JSON", #"{"images":[]} {"images":[]}"#, "invalidJSON", temporary: false),
    Rejection(
      "not UTF-8", Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]), "invalidJSON", temporary: false),
    Rejection("plain text", "Service Unavailable", "invalidJSON", temporary: false),
    Rejection("top-level list", BingFixtures.topLevelList, "notAnObject", temporary: false),
    Rejection("top-level string", BingFixtures.topLevelString, "notAnObject", temporary: false),
    Rejection("top-level number", "42", "notAnObject", temporary: false),
    Rejection("top-level boolean", "true", "notAnObject", temporary: false),
    Rejection("images an object", BingFixtures.imagesObject, "imagesNotAList", temporary: false),
    Rejection("images a string", #"{"images":"none"}"#, "imagesNotAList", temporary: false),
    Rejection("no usable image", BingFixtures.enUSNoneUsable, "noUsableImage", temporary: false),
  ]

  /// BingError's cases by name. `init` switches over BingError with no default, so a new case
  /// does not build until it is named here; `everyRejectionKindIsCovered` then asks for a body
  /// that gives it.
  enum Kind: String, CaseIterable, Sendable {
    case httpStatus, emptyBody, nullBody, htmlPage, invalidJSON, notAnObject, noImages, imagesNotAList
    case noUsableImage, unusableImage

    init(_ error: BingError) {
      switch error {
      case .httpStatus: self = .httpStatus
      case .emptyBody: self = .emptyBody
      case .nullBody: self = .nullBody
      case .htmlPage: self = .htmlPage
      case .invalidJSON: self = .invalidJSON
      case .notAnObject: self = .notAnObject
      case .noImages: self = .noImages
      case .imagesNotAList: self = .imagesNotAList
      case .noUsableImage: self = .noUsableImage
      case .unusableImage: self = .unusableImage
      }
    }

    /// What no body as a whole is refused with: a status, and one entry among usable ones.
    static let notFromABody: Set<Kind> = [.httpStatus, .unusableImage]
  }

  static func kind(of error: BingError) -> String { Kind(error).rawValue }

  private static func error(decoding body: Data, url: String? = Self.url) -> BingError? {
    do {
      _ = try ArchiveResponse.decode(body, requestedMarket: "en-GB", url: url)
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: rejections)
  func refusedWithItsOwnError(rejection: Rejection) throws {
    let error = try #require(Self.error(decoding: rejection.body))

    #expect(Self.kind(of: error) == rejection.kind)
    #expect(error.isTemporary == rejection.temporary)
    #expect(error.description.contains("for en-GB (\(Self.url))"))
    #expect(error.errorDescription == error.description)
    // What to do: wait, fix the endpoint, or report a change of format.
    let advice =
      rejection.temporary
      ? "; try again later"
      : ["noUsableImage", "imagesNotAList"].contains(rejection.kind)
        ? "; Bing's format may have changed; please report it" : "answers in its place"
    #expect(told(error).hasSuffix(advice))
  }

  @Test func withoutAURLTheMessageStillNamesTheMarket() throws {
    let error = try #require(Self.error(decoding: Data(), url: nil))
    #expect(told(error) == "Bing returned an empty body for en-GB; try again later")
  }

  /// The kinds come from what decoding each body threw, the expected ones from BingError's cases:
  /// a new case, or a body that stops giving its own, fails here.
  @Test func everyRejectionKindIsCovered() {
    let errors = Self.rejections.compactMap { Self.error(decoding: $0.body) }
    #expect(errors.count == Self.rejections.count)
    let kinds = Set(errors.map(Kind.init))
    #expect(kinds == Set(Kind.allCases).subtracting(Kind.notFromABody))
    #expect(kinds.count == 8)
  }

  /// Advice shared by the messages of bodies that are not Bing's JSON at all.
  static let checkEndpoint =
    "check that network.endpoint (or BINGWALL_ENDPOINT) points at Bing and that no proxy or "
    + "portal answers in its place"

  static let formatChanged = "Bing's format may have changed; please report it"

  static let messageCases: [(String, String)] = [
    (BingFixtures.empty, "Bing returned an empty body for en-GB (\(url)); try again later"),
    (BingFixtures.null, "Bing returned 'null' instead of pictures for en-GB (\(url)); try again later"),
    (BingFixtures.emptyImages, "Bing listed no pictures for en-GB (\(url)); try again later"),
    (
      BingFixtures.objectMoved,
      "Bing returned an HTML page ('Object moved') instead of JSON for en-GB (\(url)); \(checkEndpoint)"
    ),
    (
      BingFixtures.topLevelList,
      "Bing's answer for en-GB (\(url)) is a list, not a JSON object; \(checkEndpoint)"
    ),
    (
      BingFixtures.imagesObject,
      "Bing's 'images' for en-GB (\(url)) is an object, not a list; \(formatChanged)"
    ),
  ]

  @Test(arguments: messageCases)
  func messages(body: String, message: String) throws {
    let error = try #require(Self.error(decoding: Data(body.utf8)))
    #expect(told(error) == message)
  }

  @Test func aTruncatedBodySaysItWasCutShort() throws {
    let error = try #require(Self.error(decoding: Data(BingFixtures.truncated.utf8)))
    guard case .invalidJSON(_, _, let detail) = error else {
      Issue.record("expected invalidJSON, got \(error)")
      return
    }
    #expect(
      detail
        == "the body ends in the middle of the JSON at byte \(BingFixtures.truncated.utf8.count) (cut short?)"
    )
  }

  @Test func noUsableImageListsTheReasons() throws {
    let error = try #require(Self.error(decoding: Data(BingFixtures.enUSNoneUsable.utf8)))
    guard case .noUsableImage(_, _, let skipped) = error else {
      Issue.record("expected noUsableImage, got \(error)")
      return
    }
    #expect(skipped.map(\.index) == [0, 1, 2])
    #expect(
      told(error)
        == "none of the 3 pictures Bing listed for en-GB (\(Self.url)) is usable (image 1: "
        + "'urlbase' is a number, not a string; image 2: 'fullstartdate' '2024-07-07' is not a valid "
        + "date; image 3: urlbase '/th' names no picture id); Bing's format may have changed; please "
        + "report it")
  }

  @Test func manyReasonsAreSummarised() throws {
    let entries = Array(repeating: #"{"urlbase":"/th"}"#, count: 8).joined(separator: ",")
    let error = try #require(Self.error(decoding: Data((#"{"images":["# + entries + "]}").utf8)))
    #expect(error.description.contains("image 3: urlbase '/th' names no picture id; and 5 more)"))
    #expect(!error.description.contains("image 4"))
  }

  @Test func networkTextInMessagesIsMadePrintable() throws {
    let page = "<html><title>\u{1B}]0;owned\u{07}Portal\u{202E}  login\n</title></html>"
    let error = try #require(Self.error(decoding: Data(page.utf8)))
    #expect(error.description.contains("('?]0;owned?Portal? login')"))
    #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" })

    let raw = #"{"images":[{"urlbase":"/th?id=OHR.\u001b[2Jx","fullstartdate":"202407080700"}]}"#
    let inURLBase = try #require(Self.error(decoding: Data(raw.utf8)))
    #expect(
      inURLBase.description.contains("urlbase '/th?id=OHR.?[2Jx' contains U+001B, which does not belong"))

    let encoded = #"{"images":[{"urlbase":"/th?id=OHR.%1B[2Jx","fullstartdate":"202407080700"}]}"#
    let inID = try #require(Self.error(decoding: Data(encoded.utf8)))
    #expect(inID.description.contains("picture id 'OHR.?[2Jx' contains U+001B"))
  }

  @Test func aLongHTMLTitleIsCut() throws {
    let title = String(repeating: "x", count: 300)
    let error = try #require(Self.error(decoding: Data("<title>\(title)</title>".utf8)))
    #expect(error.description.contains("('\(String(repeating: "x", count: 80))…')"))
  }
}
