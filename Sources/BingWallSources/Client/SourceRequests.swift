import BingWallModel
import BingWallNet
import BingWallSystem
import FoundationEssentials

/// How a source's plug-in asks its hosts: each request a GET of at most `SourceBody.maximumSize`
/// bytes within the settings' timeout and deadline, traced; a redirect to another host than the
/// one asked refused before anything is sent there. There is no retry loop: a failure falls back
/// once, to the source's other request (`withFallback`).
package struct SourceRequests: Sendable {
  /// The source asking, and its name in its lines.
  let source: Source
  let name: String
  let http: any HTTPClient
  package let settings: SourceSettings
  /// Sent with every request (`PictureSource.headers`).
  let headers: [String: String]

  /// The base URL configured for this source, or `standard`, its own host's.
  func endpoint(or standard: String) -> String { settings.endpoint ?? standard }

  /// One request, its outcome traced; throws for a transport failure or a redirect to another
  /// host than asked, which is refused before anything is sent there (`RedirectScope.sameHost`).
  /// Any status is an answer.
  func fetch(_ url: String, _ trace: inout [String]) throws(SourceAttemptFailure) -> SourceAnswer {
    let host = Attempt.host(of: url)
    let request = HTTPRequest(
      url: url, headers: headers, connectTimeout: min(settings.timeout, .seconds(10)),
      timeout: settings.timeout,
      maxBytes: Int64(SourceBody.maximumSize), deadline: settings.deadline, redirects: .sameHost)
    let response: HTTPResponse
    do {
      response = try http.get(request)
    } catch {
      trace.append("\(name): GET \(Attempt.shown(url)): \(error)")
      if case .redirectRefused(_, _, .otherHost(let other)) = error {
        throw SourceAttemptFailure(
          line:
            "\(name): \(host) sent the request on to another host (\(TerminalText.clean(other))); not followed",
          isTemporary: false, host: host)
      }
      throw SourceAttemptFailure(line: "\(name): \(error)", isTemporary: error.isTemporary, host: host)
    }
    trace.append("\(name): GET \(Attempt.shown(url)): HTTP \(response.status), \(response.body.count) bytes")
    return SourceAnswer(status: response.status, body: Array(response.body), host: host)
  }

  /// `answer` when its status is 2xx.
  func ok(_ answer: SourceAnswer) throws(SourceAttemptFailure) -> SourceAnswer {
    guard (200...299).contains(answer.status) else {
      throw SourceAttemptFailure(status: answer.status, name: name, host: answer.host)
    }
    return answer
  }

  /// One request of a source that falls back from one request to another.
  typealias Step = (_ trace: inout [String]) throws(SourceAttemptFailure) -> SourceOffer

  /// `primary`, and `fallback` when it fails; the trace of both, in order.
  func withFallback(_ primary: Step, then fallback: Step) throws(SourceFailure) -> SourceOffer {
    var trace: [String] = []
    let first: SourceAttemptFailure
    do {
      var offer = try primary(&trace)
      offer.trace = trace + offer.trace
      return offer
    } catch {
      first = error
    }
    trace.append("\(first.line); trying the fallback")
    do {
      var offer = try fallback(&trace)
      offer.trace = trace + offer.trace
      return offer
    } catch {
      trace.append(error.line)
      var failure = Attempt.combined([first, error], source: source, name: name)
      failure.trace = trace
      throw failure
    }
  }

  /// The time limit of one body's reading, starting now: the request's timeout, within the
  /// update's deadline.
  func readingLimit() -> WorkLimit { settings.readingLimit() }

  var policy: RemoteURL.Policy { settings.policy }
}
