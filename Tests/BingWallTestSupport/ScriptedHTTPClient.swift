import Foundation
import Synchronization
import Testing

@testable import BingWallNet
@testable import BingWallSystem

/// An HTTP client that answers from a table of URLs and fails the test loudly for any other
/// request, so an in-process test states every request the command may make.
///
/// Downloads write the scripted body into the job's file and show it to the job's observer, as
/// the libcurl batch does; the real client is tested against a real server elsewhere.
package final class ScriptedHTTPClient: HTTPClient, Sendable {
  /// One scripted answer: a response, or a transport failure.
  package enum Answer: Sendable {
    case response(status: Int, headers: [String: String], body: [UInt8])
    case failure(NetError)

    package static func ok(_ body: [UInt8], type: String) -> Answer {
      .response(status: 200, headers: ["Content-Type": type], body: body)
    }
  }

  /// Answers by a fragment of the URL; the last stub that matches wins.
  private let answers = Mutex<[(fragment: String, answer: Answer)]>([])
  private let log = Mutex<[String]>([])
  /// Unstubbed URLs asked for off the test's own task (the update asks for the archive on
  /// another thread), where an issue cannot be attributed to the test; `InProcess.run` records
  /// them once the command is over.
  private let unattributed = Mutex<[String]>([])

  package init() {}

  /// Answers every URL that contains `fragment` with `answer`.
  package func stub(_ fragment: String, _ answer: Answer) {
    answers.withLock { $0.append((fragment, answer)) }
  }

  /// Records, in the calling test, the unstubbed requests made off its task so far.
  package func recordUnattributedRequests() {
    for url in unattributed.withLock({ urls in
      defer { urls.removeAll() }; return urls
    }) {
      Issue.record("unstubbed HTTP request: \(url)")
    }
  }

  /// Every URL asked for, in order.
  package var requests: [String] { log.withLock { $0 } }

  private func answer(for url: String) throws(NetError) -> Answer {
    log.withLock { $0.append(url) }
    guard let answer = answers.withLock({ $0.last { url.contains($0.fragment) }?.answer }) else {
      if Test.current == nil {
        unattributed.withLock { $0.append(url) }
      } else {
        Issue.record("unstubbed HTTP request: \(url)")
      }
      throw NetError.setup(url: url, message: "unstubbed request in a test")
    }
    return answer
  }

  package func get(_ request: HTTPRequest) throws(NetError) -> HTTPResponse {
    switch try answer(for: request.url) {
    case .failure(let error): throw error
    case .response(let status, let headers, let body):
      return HTTPResponse(
        status: status, headers: headers.map { ($0.key, $0.value) }, body: Data(body),
        effectiveURL: request.url,
        bodyBytes: Int64(body.count))
    }
  }

  package func download(_ request: HTTPRequest, to fileDescriptor: Int32) throws(NetError) -> HTTPResponse {
    let response = try get(request)
    Self.write(Array(response.body), to: fileDescriptor, observer: nil)
    return HTTPResponse(
      status: response.status, headers: response.headers, body: Data(), effectiveURL: response.effectiveURL,
      bodyBytes: response.bodyBytes)
  }

  package func downloadAll(
    _ jobs: [DownloadJob], maxConcurrent: Int, retry: RetryPolicy, progress: (any DownloadProgress)?
  ) -> [Result<HTTPResponse, NetError>] {
    jobs.map { job in
      do throws(NetError) {
        let response = try get(job.request)
        Self.write(Array(response.body), to: job.fileDescriptor, observer: job.observer)
        return .success(
          HTTPResponse(
            status: response.status, headers: response.headers, body: Data(),
            effectiveURL: response.effectiveURL, bodyBytes: response.bodyBytes))
      } catch {
        return .failure(error)
      }
    }
  }

  private static func write(_ bytes: [UInt8], to fileDescriptor: Int32, observer: (any BodyObserver)?) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = Glibc.write(fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
        if written <= 0 { break }
        offset += written
      }
      observer?.receive(raw)
    }
  }
}
