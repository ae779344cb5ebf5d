import BingWallModel
import BingWallSystem
import FoundationEssentials

extension Source {
  /// NASA's Astronomy Picture of the Day.
  package static let apod = Source(SourceKind(word: "apod"))
}

/// NASA's Astronomy Picture of the Day: api.nasa.gov with the user's key, when one is set, then
/// science.nasa.gov's apod-basic; each for today in US Eastern, then the day before when today's
/// is not out yet (404, 500, an empty answer).
struct APODSource: PictureSource {
  /// The user's api.nasa.gov key.
  static let key = SourceSetting(
    name: "apod.api_key",
    kind: .text { key in
      key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        ? nil : "expected the key as api.nasa.gov gave it: letters, digits, - and _"
    },
    help: "Your api.nasa.gov key, asked first when set; empty asks science.nasa.gov, which needs none.",
    environmentVariable: "BINGWALL_APOD_API_KEY")

  /// How long after a fetch that found only the day before the source is asked again.
  static let notYetRetry: Duration = .seconds(3600)
  /// APOD's pictures are published this long after midnight in New York.
  static let publication: Duration = .seconds(5 * 60)

  let profile = SourceProfile(
    id: .apod, displayName: "NASA APOD",
    // APOD's first picture.
    firstDay: CalendarDate(year: 1995, month: 6, day: 16)!,
    offers: "NASA's Astronomy Picture of the Day, at the largest size NASA offers; a video day is "
      + "passed over with one line. With apod.api_key set, api.nasa.gov is asked first, with your key.",
    terms: "NASA's own pictures are public domain; many are the photographers', as the credit says.")
  package var settings: [SourceSetting] { [.endpoint(of: id, displayName: displayName), Self.key] }

  /// Published at 00:05 US Eastern: once a fetch gave that day's picture, the next is due at the
  /// next 00:05 in New York; a fetch that found only the day before is tried again an hour later.
  package func nextFetch(fetchedAt: Date, newestDay: CalendarDate?) -> Date {
    let today = USEastern.day(at: fetchedAt)
    if let newestDay, newestDay < today { return fetchedAt.adding(Self.notYetRetry) }
    return Self.easternMidnight(after: today).adding(Self.publication)
  }

  /// The instant the day after `day` starts in New York.
  static func easternMidnight(after day: CalendarDate) -> Date {
    // Midnight UTC of the next day, moved by New York's offset then (daylight time never changes
    // at midnight, so the offset five hours later is the one in force).
    let utcMidnight = TimeInterval((day.dayNumber + 1) * 86_400)
    let offset = USEastern.offset(at: Date(timeIntervalSince1970: utcMidnight + 5 * 3600))
    return Date(timeIntervalSince1970: utcMidnight - TimeInterval(offset))
  }

  package func offer(at instant: Date, _ requests: SourceRequests) throws(SourceFailure) -> SourceOffer {
    let days = APODRequest.days(at: instant)
    let key = value(of: Self.key, in: requests.settings)
    let apis: [APODResponse.API] = key == nil ? [.basic] : [.planetary, .basic]
    var failures: [SourceAttemptFailure] = []
    var trace: [String] = []
    for api in apis {
      do {
        var offer = try ask(api, key: key ?? "", days: days, requests, at: instant, &trace)
        // A refused key is the user's to fix, even though science.nasa.gov answered instead.
        offer.warnings += failures.filter(\.isKeyProblem).map(\.line)
        offer.trace = trace + offer.trace
        return offer
      } catch {
        failures.append(error)
        trace.append(api != apis.last ? "\(error.line); trying science.nasa.gov instead" : error.line)
      }
    }
    var failure = Attempt.combined(failures, source: id, name: displayName)
    failure.trace = trace
    throw failure
  }

  /// One APOD API: today, then the day before when today is not there yet.
  func ask(
    _ api: APODResponse.API, key: String, days: [CalendarDate], _ requests: SourceRequests, at instant: Date,
    _ trace: inout [String]
  ) throws(SourceAttemptFailure) -> SourceOffer {
    var missing: [String] = []
    var host = ""
    for day in days {
      let url =
        switch api {
        case .basic: APODRequest.basic(endpoint: requests.endpoint(or: APODRequest.basicEndpoint), day: day)
        case .planetary:
          APODRequest.api(endpoint: requests.endpoint(or: APODRequest.apiEndpoint), day: day, key: key)
        }
      host = Attempt.host(of: url)
      let answer = try requests.fetch(url, &trace)
      switch try read(answer, api: api, host: host, requests) {
      case .picture(let picture):
        // APOD answers for the day asked, or (before the day's picture is out) the day before.
        let asked = [day] + (day.previous.map { [$0] } ?? [])
        if let answered = picture.date, !asked.contains(answered) {
          let problem = PlausibleDay.problem(answered, since: firstDay, at: instant) ?? .notAsked(asked)
          return SourceOffer(
            pictures: [], implausible: [PlausibleDay.Refusal(day: answered, problem: problem, path: "date")])
        }
        return SourceOffer(pictures: [picture])
      case .notAPicture(let line):
        return SourceOffer(pictures: [], passedOver: [line])
      case .missing(let why):
        missing.append("\(day) (\(why))")
        if day != days.last {
          trace.append("NASA APOD: \(host) has no picture for \(day) yet (\(why)); asking for the day before")
        }
      }
    }
    throw SourceAttemptFailure(
      line: "NASA APOD: \(host) has no picture yet for \(missing.joined(separator: " or ")); try again later",
      isTemporary: true, host: host)
  }

  enum Day {
    case picture(SourcePicture)
    case notAPicture(String)
    case missing(String)
  }

  /// What one day's answer says.
  func read(_ answer: SourceAnswer, api: APODResponse.API, host: String, _ requests: SourceRequests)
    throws(SourceAttemptFailure) -> Day
  {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    let text = answer.body.filter { !isSpace($0) }
    let succeeded = (200...299).contains(answer.status)
    if succeeded, text.isEmpty || text == Array("[]".utf8) { return .missing("an empty answer") }
    if answer.status == 404 || answer.status == 500 { return .missing("HTTP \(answer.status)") }
    let picture: SourcePicture
    do {
      picture = try APODResponse.decode(
        answer.body, api: api, policy: requests.policy, limit: requests.readingLimit())
    } catch {
      return try read(refused: error, status: answer.status, host: host)
    }
    guard succeeded else { throw SourceAttemptFailure(status: answer.status, name: displayName, host: host) }
    return .picture(picture)
  }

  /// What a day's answer says that is not a picture: another medium, the day not there yet, or
  /// the API's refusal.
  func read(refused error: SourceError, status: Int, host: String) throws(SourceAttemptFailure) -> Day {
    switch error {
    case .noPicture(_, .video(let day)):
      return .notAPicture("NASA APOD's \(day) is a video, not a picture")
    case .noPicture(_, .otherMedia(let day, let mediaType)):
      return .notAPicture(
        "NASA APOD's \(day) is not a picture (its media type is \(TerminalText.quoted(mediaType, limit: 40)))"
      )
    case .apiError(_, .status(let code), let message)
    where code == 404 || code == 500 || (code == 400 && message.contains("Date must be between")):
      // api.nasa.gov's "today" before its own midnight: "Date must be between Jun 16, 1995 and …".
      return .missing("\(code) \(TerminalText.quoted(message, limit: 60))")
    case .apiError(_, .named(let code), _) where code.hasPrefix("API_KEY"):
      throw SourceAttemptFailure(
        line: "NASA APOD: \(host) refused the key (\(code)); check apod.api_key", isTemporary: false,
        host: host, isKeyProblem: true)
    case .apiError(_, .named("OVER_RATE_LIMIT"), _):
      throw SourceAttemptFailure(
        line: "NASA APOD: \(host) says the key is over its rate limit (OVER_RATE_LIMIT); try again later",
        isTemporary: true, host: host)
    default:
      // An error page of a status that says more than its body.
      guard (200...299).contains(status) else {
        throw SourceAttemptFailure(status: status, name: displayName, host: host)
      }
      throw SourceAttemptFailure(error, host: host)
    }
  }
}
