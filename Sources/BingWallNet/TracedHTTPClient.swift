import BingWallSystem
import Glibc

/// An HTTP client that tells `-v` each request it made and how it ended, one line each:
/// `GET https://www.bing.com/HPImageArchive.aspx?…: HTTP 200`. URLs are shown without
/// credentials (`RedactedURL`); a transfer failure by its cause alone, since the error's own text
/// names the whole URL.
package struct TracedHTTPClient: HTTPClient {
  let client: any HTTPClient
  let trace: Trace

  package init(_ client: any HTTPClient, trace: Trace) {
    self.client = client
    self.trace = trace
  }

  package func get(_ request: HTTPRequest) throws(NetError) -> HTTPResponse {
    do {
      let response = try client.get(request)
      trace(Self.line(request.url, .success(response)))
      return response
    } catch {
      trace(Self.line(request.url, .failure(error)))
      throw error
    }
  }

  /// The lines once every request has ended, in order.
  package func getAll(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, NetError>] {
    let results = client.getAll(requests)
    for (request, result) in zip(requests, results) { trace(Self.line(request.url, result)) }
    return results
  }

  /// The batch's lines once it has ended, in job order: its transfers run at once, and a line
  /// per job as each ends would name no more.
  package func downloadAll(
    _ jobs: [DownloadJob], maxConcurrent: Int, retry: RetryPolicy, progress: (any DownloadProgress)?
  ) -> [Result<HTTPResponse, NetError>] {
    let results = client.downloadAll(jobs, maxConcurrent: maxConcurrent, retry: retry, progress: progress)
    for (job, result) in zip(jobs, results) { trace(Self.line(job.request.url, result)) }
    return results
  }

  /// `GET URL: HTTP 200`, `…: HTTP 200 from URL` after a redirect, `…: failed, CAUSE`.
  static func line(_ url: String, _ result: Result<HTTPResponse, NetError>) -> String {
    let asked = "GET " + RedactedURL.text(url) + ": "
    switch result {
    case .success(let response):
      let moved =
        response.effectiveURL.isEmpty || response.effectiveURL == url
        ? "" : " from " + RedactedURL.text(response.effectiveURL)
      return asked + "HTTP \(response.status)" + moved
    case .failure(let error):
      return asked + "failed, " + error.cause
    }
  }
}

extension NetError {
  /// What went wrong, without the URL that `description` names.
  package var cause: String {
    switch self {
    case .transport(_, _, let message): message
    case .tooLarge(_, let limit): "larger than \(limit) bytes"
    case .write(_, let errno): "cannot save it: " + String(cString: strerror(errno))
    case .headersTooLarge(_, let limit): "more than \(limit) bytes of headers"
    case .deadline: "the update's time limit ran out"
    case .setup(_, let message): message
    case .plainHTTP(_, let host):
      "plain http to \(TerminalText.clean(host)) would leave this machine unencrypted"
    case .redirectRefused(_, let location, let reason):
      "it redirects to \(TerminalText.clean(RedactedURL.text(location))), which was not followed: \(reason)"
    }
  }
}
