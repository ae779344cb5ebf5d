import BingWallModel
import BingWallServiceTestSupport
import BingWallSystem
import BingWallTestSupport
import FoundationEssentials

@testable import BingWallSources

/// A sixth source, written as a plug-in outside the product: one folder (this one) and one
/// registry line (`SourceRegistryTests.registry`) are all it takes to appear in `sources`, the
/// config keys, completion and the update.
///
/// Its host answers `GET /today.txt` with the URL of today's picture.
struct FixtureSource: PictureSource {
  static let kind = SourceKind(word: "fixture")

  let profile = SourceProfile(
    id: Source(Self.kind), displayName: "The Fixture Gallery",
    firstDay: CalendarDate(year: 2020, month: 1, day: 1)!,
    offers: "one test picture a day.", terms: "made by the test.")

  func nextFetch(fetchedAt: Date, newestDay: CalendarDate?) -> Date { fetchedAt.adding(.seconds(3600)) }

  func offer(at instant: Date, _ requests: SourceRequests) throws(SourceFailure) -> SourceOffer {
    try requests.withFallback(
      { (trace) throws(SourceAttemptFailure) in
        let answer = try requests.ok(
          requests.fetch(requests.endpoint(or: "https://fixture.test") + "/today.txt", &trace))
        let text = String(decoding: answer.body, as: UTF8.self).trimmingCharacters(
          in: .whitespacesAndNewlines)
        guard let image = try? RemoteURL(checking: text, policy: requests.policy) else {
          throw SourceAttemptFailure(
            line: "\(displayName): no picture URL", isTemporary: false, host: answer.host)
        }
        let day = CalendarDate(dayNumber: Int(instant.timeIntervalSince1970) / 86_400)!
        return SourceOffer(pictures: [
          SourcePicture(
            id: PictureID(source: id, key: "day-\(day)"), date: day,
            words: PictureWords(
              title: "Fixture of \(day)", caption: "", credit: "the test", copyright: "", copyrightLink: nil),
            description: "", licence: "", licenceLink: nil, image: image, portrait: nil, page: nil)
        ])
      },
      then: { (trace) throws(SourceAttemptFailure) in
        throw SourceAttemptFailure(line: "\(displayName): no fallback", isTemporary: false, host: "")
      })
  }
}
