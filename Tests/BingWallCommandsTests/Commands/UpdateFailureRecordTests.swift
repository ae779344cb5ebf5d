import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallNet
@testable import BingWallSchedule
@testable import BingWallSources
@testable import BingWallStore
@testable import BingWallSystem

/// A failure as a record: made from the error where it happens, kept in `scheduler.json`, and
/// shown by `status` from its fields, never from its message's words.
@Suite struct UpdateFailureRecordTests {
  static let transport = NetError.transport(
    url: "https://user:secret@www.bing.com/HPImageArchive.aspx?format=js&idx=0&n=8&mkt=en-US", code: 7,
    message: "Failed to connect to www.bing.com port 443: Connection refused")

  @Test func aTransferThatFailedIsItsHostAndCurlsWords() {
    let record = UpdateFailureRecord(Self.transport)
    #expect(record.kind == .transport && record.host == "www.bing.com" && record.temporary)
    #expect(
      record.cause(naming: \.displayName)
        == "cannot fetch www.bing.com: Failed to connect to www.bing.com port 443: Connection refused")
    #expect(record.message == Self.transport.description)
    #expect(!record.message.contains("secret") && !record.cause(naming: \.displayName).contains("secret"))
  }

  @Test func anHTTPStatusIsItsHostAndNumber() {
    let record = UpdateFailureRecord(
      BingError.httpStatus(url: "http://127.0.0.1:8080/HPImageArchive.aspx?mkt=de-DE", status: 404))
    #expect(record.kind == .httpStatus && record.httpStatus == 404 && !record.temporary)
    #expect(record.cause(naming: \.displayName) == "127.0.0.1:8080 answered HTTP 404")
    let picture = UpdateFailureRecord(
      DownloadError.serverError(url: "https://bing.test/th?id=x", status: 503))
    #expect(picture.cause(naming: \.displayName) == "bing.test answered HTTP 503" && picture.temporary)
  }

  @Test func anAnswerOfTheWrongShapeSaysWhatWasWrong() {
    let record = UpdateFailureRecord(
      BingError.nullBody(market: "en-US", url: "https://www.bing.com/HPImageArchive.aspx"))
    #expect(record.kind == .answer && record.temporary)
    #expect(record.cause(naming: \.displayName) == "www.bing.com answered 'null' instead of pictures")
  }

  @Test func aSourceFailureNamesTheSource() {
    let day = CalendarDate(year: 2026, month: 12, day: 5)!
    let video = UpdateFailureRecord(SourceError.noPicture(.apod, .video(day)))
    #expect(video.kind == .source && video.source == .apod && !video.temporary)
    #expect(video.cause(naming: \.displayName) == "NASA APOD has a video for 2026-12-05, not a picture")
    let refused = UpdateFailureRecord(SourceError.apiError(.apod, code: .status(503), message: ""))
    #expect(refused.kind == .httpStatus && refused.temporary)
    #expect(refused.cause(naming: \.displayName) == "NASA APOD answered HTTP 503")
    // A transfer of a source's: the source is named beside the host.
    let transfer = UpdateFailureRecord(Self.transport, source: .wikimedia, temporary: false)
    #expect(transfer.source == .wikimedia && transfer.kind == .transport && !transfer.temporary)
  }

  @Test func aStoreErrorIsItsMessageWhole() {
    let error = StoreError.open(path: "/s/history.db", code: .ioError, message: "disk I/O error")
    let record = UpdateFailureRecord(error)
    #expect(record.kind == .store && !record.temporary)
    #expect(
      record.cause(naming: \.displayName) == error.description
        && record.cause(naming: \.displayName).hasPrefix("cannot open /s/history.db: disk I/O error")
    )
  }

  /// `status`'s line for each kind, from the record's fields; with `-v`, its message whole.
  @Test func statusShowsTheCauseAndWithVerboseTheMessage() throws {
    let day = CalendarDate(year: 2026, month: 12, day: 5)!
    let shown: [(any Error, String)] = [
      (
        Self.transport,
        "cannot fetch www.bing.com: Failed to connect to www.bing.com port 443: Connection refused"
      ),
      (
        BingError.httpStatus(url: "https://www.bing.com/HPImageArchive.aspx", status: 503),
        "www.bing.com answered HTTP 503"
      ),
      (SourceError.noPicture(.apod, .video(day)), "NASA APOD has a video for 2026-12-05, not a picture"),
      (
        StoreError.open(path: "/s/history.db", code: .ioError, message: "disk I/O error"),
        "cannot open /s/history.db: disk I/O error (SQLITE_IOERR)"
      ),
    ]
    for (error, cause) in shown {
      let record = UpdateFailureRecord(error)
      let terse = StatusText(report: Self.report(record), when: Self.when, verbose: false, width: nil)
      #expect(terse.lastUpdate() == "today 09:00, 10 min ago, failed: " + cause)
      let verbose = StatusText(report: Self.report(record), when: Self.when, verbose: true, width: nil)
      #expect(verbose.lastUpdate() == "today 09:00, 10 min ago, failed: " + record.message)
    }
  }

  @Test func theRecordRoundTripsThroughTheStateFile() throws {
    let record = UpdateFailureRecord(
      kind: .httpStatus, host: "www.bing.com", httpStatus: 503, source: .spotlight, temporary: true,
      detail: "d", message: "Bing answered HTTP 503 for https://www.bing.com/x; \"retry\"\nlater ©")
    var state = SchedulerState(jitter: .middle)
    state.recordUpdateFailure(at: UTC.at("2026-12-01T09:00:00Z"), failure: record, backoffShare: 0.5)
    let data = state.encoded()
    let read = try SchedulerState.decode(data, source: "scheduler.json")
    #expect(read == state && read.lastFailure == record)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"kind\" : \"http_status\"") && text.contains("\"http_status\" : 503"))
    // An older bingwall reads `last_error`: the message is there for it.
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(json["last_error"] as? String == record.message)
  }

  @Test func anOlderFileWithOnlyTextLoadsAndShowsThatText() throws {
    let data = Data(
      """
      {"consecutive_failures": 2, "last_update_attempt": "2026-12-01T09:00:00Z",
       "last_error": "cannot fetch https://www.bing.com/x: timeout; nothing was changed"}
      """.utf8)
    let state = try SchedulerState.decode(data, source: "scheduler.json")
    let failure = try #require(state.lastFailure)
    #expect(
      failure
        == UpdateFailureRecord(text: "cannot fetch https://www.bing.com/x: timeout; nothing was changed"))
    // Shown as its text, whole: no words parsed back.
    let text = StatusText(report: Self.report(failure), when: Self.when, verbose: false, width: nil)
    #expect(
      text.lastUpdate()
        == "today 09:00, 10 min ago, failed: cannot fetch https://www.bing.com/x: timeout; nothing was changed"
    )
  }

  /// A kind of a later version reads as `other`; a source no plug-in names keeps its word (it
  /// is named by it), and text that is no source's word is dropped.
  @Test func aKindOrSourceOfALaterVersionReadsAsOther() throws {
    let data = Data(
      """
      {"last_failure": {"kind": "quantum", "source": "mars", "message": "m", "temporary": true}}
      """.utf8)
    let failure = try #require(try SchedulerState.decode(data, source: "scheduler.json").lastFailure)
    #expect(
      failure
        == UpdateFailureRecord(kind: .other, source: Source(rawValue: "mars"), temporary: true, message: "m"))
    #expect(SourceRegistry.standard.displayName(of: try #require(failure.source)) == "mars")
    let malformed = Data(
      """
      {"last_failure": {"kind": "source", "source": "Mars Rover!", "message": "m", "temporary": true}}
      """.utf8)
    let dropped = try #require(try SchedulerState.decode(malformed, source: "scheduler.json").lastFailure)
    #expect(dropped.source == nil)
  }

  @Test(arguments: [
    ("http://127.0.0.1:9/HPImageArchive.aspx?mkt=de-DE", "127.0.0.1:9"),
    ("https://u:p@bing.test/th?id=x", "bing.test"),
    ("https://bing.test#frag", "bing.test"),
    ("plain", nil),
    ("https:///path", nil),
  ])
  func aURLsHostHasNoUserInfo(url: String, host: String?) {
    #expect(RedactedURL.host(url) == host)
  }

  static let when = WhenText(
    now: UTC.at("2026-12-01T09:10:00Z"), zone: LocalTime(environment: ["TZ": "UTC0"]))

  static func report(_ failure: UpdateFailureRecord) -> Status.Report {
    Status.Report(
      lastUpdateAttempt: UTC.at("2026-12-01T09:00:00Z"), lastUpdateOK: false, lastFailure: failure,
      autostart: [])
  }
}
