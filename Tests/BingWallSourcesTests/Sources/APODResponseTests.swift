import BingWallModel
import BingWallServiceTestSupport
import BingWallSystem
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSources

/// APOD's real bodies from both APIs: pictures, video and other days, and error bodies.
@Suite struct APODResponseTests {
  static func decode(_ name: String, _ api: APODResponse.API) throws(SourceError) -> SourcePicture {
    try APODResponse.decode(SourceFixtures.apod(name), api: api, policy: .httpsOnly)
  }

  @Test func basicBodyOfALargePNG() throws {
    let body = SourceFixtures.apod("apod_2026-10-02-v2.json")
    let picture = try Self.decode("apod_2026-10-02-v2.json", .basic)
    #expect(picture.id == PictureID(source: .apod, key: "2026-10-02"))
    #expect(picture.date == CalendarDate(year: 2026, month: 10, day: 2))
    #expect(picture.image.text == SourceFixtures.field(body, ["hdurl"]) as? String)
    #expect(picture.image.text.contains("sharpless_catalog.png?w=4455&h=5592"))
    #expect(picture.page?.text == SourceFixtures.field(body, ["permalink"]) as? String)
    #expect(picture.words.title == SourceFixtures.field(body, ["title"]) as? String)
    // `credit` is a link around the name: only the name is kept.
    #expect(picture.words.credit == "Bing Xin")
    #expect(picture.words.copyright == "Bing Xin")
    #expect(picture.licence == APODResponse.seeCredit)
    #expect(picture.portrait == nil)
    // The explanation without its label, its links or the site's notes after the first <br>.
    #expect(
      picture.description.hasPrefix(
        "What does it take to image hundreds of nebulas? Today\u{2019}s image contains"))
    #expect(picture.description.hasSuffix("Which object is your favorite?"))
    #expect(!picture.description.contains("<"))
    #expect(!picture.description.contains("submissions"))
  }

  @Test func basicBodyWithALabelledHTMLCredit() throws {
    let body = SourceFixtures.apod("apod_2015-06-03-v2.json")
    let picture = try Self.decode("apod_2015-06-03-v2.json", .basic)
    #expect(picture.id.key == "2015-06-03")
    #expect(picture.words.title == "Flyby Image of Saturn's Sponge Moon Hyperion")
    #expect(picture.image.text == SourceFixtures.field(body, ["hdurl"]) as? String)
    #expect(picture.words.credit == "NASA , JPL-Caltech , SSI")
    #expect(picture.words.copyright == "Image Credit: NASA , JPL-Caltech , SSI")
    #expect(
      picture.description.hasPrefix(
        "Why does this moon look like a sponge? To better investigate, NASA and ESA"))
    #expect(picture.description.hasSuffix("in about two weeks."))
  }

  @Test func planetaryBodyOfNASAsOwnPicture() throws {
    let body = SourceFixtures.apod("apod_1995-06-16.json")
    let picture = try Self.decode("apod_1995-06-16.json", .planetary)
    #expect(picture.id.key == "1995-06-16")
    #expect(picture.words.title == SourceFixtures.field(body, ["title"]) as? String)
    #expect(picture.image.text == SourceFixtures.field(body, ["hdurl"]) as? String)
    #expect(picture.words.credit == "")
    #expect(picture.words.copyright == "")
    #expect(picture.licence == APODResponse.publicDomain)
    #expect(picture.page == nil)
    #expect(picture.description.hasPrefix("Today's Picture: Explanation: If the Earth"))
  }

  @Test func planetaryBodyOfAPhotographersPicture() throws {
    let body = SourceFixtures.apod("apod_2021-12-06.json")
    let picture = try Self.decode("apod_2021-12-06.json", .planetary)
    #expect(picture.words.title == "Space Station Silhouette on the Moon")
    // `hdurl`, the larger file, rather than `url`.
    #expect(picture.image.text == SourceFixtures.field(body, ["hdurl"]) as? String)
    #expect(picture.image.text != SourceFixtures.field(body, ["url"]) as? String)
    #expect(picture.words.credit == "Andrew McCarthy")
    #expect(picture.words.copyright == "© Andrew McCarthy")
    #expect(picture.licence == APODResponse.rightsReserved)
    #expect(
      picture.description
        == SourceFixtures.field(body, ["explanation"]).map { TerminalText.singleLine($0 as! String) })
  }

  @Test func aVideoDayHasNoPicture() {
    let error = SourceFixtures.error { _ = try Self.decode("apod_2021-11-08-video.json", .planetary) }
    #expect(error == .noPicture(.apod, .video(CalendarDate(year: 2021, month: 11, day: 8)!)))
    #expect(error?.isTemporary == false)
    #expect(error?.description == "NASA APOD has a video for 2021-11-08, not a picture")
  }

  @Test func anOtherDayHasNoPicture() {
    let error = SourceFixtures.error { _ = try Self.decode("apod_2014-02-10-other.json", .planetary) }
    #expect(
      error
        == .noPicture(.apod, .otherMedia(CalendarDate(year: 2014, month: 2, day: 10)!, mediaType: "other")))
  }

  struct ErrorBody: Sendable, CustomTestStringConvertible {
    var file: String
    var code: SourceError.APICode
    var temporary: Bool
    var testDescription: String { file }
  }

  static let errorBodies = [
    ErrorBody(file: "apod_error-403-api-key-invalid.json", code: .named("API_KEY_INVALID"), temporary: false),
    ErrorBody(file: "apod_error-403-api-key-missing.json", code: .named("API_KEY_MISSING"), temporary: false),
    ErrorBody(file: "apod_error-429-over-rate-limit.json", code: .named("OVER_RATE_LIMIT"), temporary: true),
    ErrorBody(file: "apod_error-404-1995-06-17.json", code: .status(404), temporary: true),
    ErrorBody(file: "apod_error-400-date-out-of-range.json", code: .status(400), temporary: false),
  ]

  /// Each error body is the API's error with its code and message as they came, whichever
  /// API's reader it reaches.
  @Test(arguments: errorBodies, [APODResponse.API.planetary, .basic])
  func errorBodiesKeepTheirCode(_ errorBody: ErrorBody, api: APODResponse.API) throws {
    let body = SourceFixtures.apod(errorBody.file)
    let message =
      (SourceFixtures.field(body, ["error", "message"]) ?? SourceFixtures.field(body, ["msg"])) as? String
    let error = SourceFixtures.error { _ = try APODResponse.decode(body, api: api, policy: .httpsOnly) }
    #expect(error == .apiError(.apod, code: errorBody.code, message: try #require(message)))
    #expect(error?.isTemporary == errorBody.temporary)
    #expect(error?.description.contains("NASA APOD refused the request with the error") == true)
  }

  /// WordPress's own error shape, which science.nasa.gov's routes share.
  @Test func aWordPressErrorIsAnAPIError() {
    let body = Data(
      #"{"code":"rest_no_route","message":"No route was found matching the URL and request method.","data":{"status":404}}"#
        .utf8)
    let error = SourceFixtures.error { _ = try APODResponse.decode(body, api: .basic, policy: .httpsOnly) }
    #expect(
      error
        == .apiError(
          .apod, code: .named("rest_no_route"),
          message: "No route was found matching the URL and request method."))
  }

  @Test func creditLabelsAreTakenOff() {
    #expect(APODResponse.withoutLabel("Image Credit & Copyright: Jane Doe") == "Jane Doe")
    #expect(APODResponse.withoutLabel("Illustration Credit: ESA") == "ESA")
    #expect(APODResponse.withoutLabel("Bing Xin") == "Bing Xin")
    #expect(APODResponse.withoutLabel("Team: Jane Doe") == "Team: Jane Doe")
  }
}
