import Foundation

@testable import BingWallNet

/// A real HTTP/1.1 server on 127.0.0.1 (or another loopback address), for driving the real
/// libcurl client in tests.
///
/// Listens on an ephemeral port, answers every connection on its own thread with keep-alive,
/// and answers requests from routes that tests register; later tests use it as a fake Bing.
/// Every request is logged. Faults (delays, slow, truncated, reset or chunked bodies) come
/// from `FakeResponse`.
///
/// Dropping the server, or `stop()`, closes the listener and every connection and waits for
/// all its threads, cutting short any deliberate delay, so no thread outlives the test.
package final class FakeHTTPServer: Sendable {
  /// The port on `address`.
  package let port: Int
  /// The loopback address it listens on: 127.0.0.1 unless given.
  package let address: String
  /// Holds the sockets, routes and log; the threads keep it alive, so that this object can
  /// go away and stop them from its `deinit`.
  private let core: FakeServerCore

  package init(address: String = "127.0.0.1") throws {
    core = try FakeServerCore(address: address)
    self.address = address
    port = core.port
    core.start()
  }

  deinit {
    core.stop()
  }

  /// `http://127.0.0.1:PORT` (the address listened on), without a trailing slash.
  package var baseURL: String { "http://\(address):\(port)" }

  /// The absolute URL of `target`, e.g. `url("/th?id=x")`.
  package func url(_ target: String) -> String {
    baseURL + target
  }

  /// Closes the listener and all connections and waits for every server thread to end.
  ///
  /// Must not be called from a route handler, which runs on one of those threads.
  package func stop() {
    core.stop()
  }

  /// Answers `path` (matched exactly against the still-encoded path) with `response` when the
  /// request carries every item of `query` with that value; other query items may be present.
  ///
  /// When several routes match, the one requiring more query items wins, then the one
  /// registered last: a test can add a general route and override it for one market.
  package func route(_ path: String, query: [String: String] = [:], _ response: FakeResponse) {
    core.addRoute(path: path, query: query, answer: .fixed(response))
  }

  /// Like `route(_:query:_:)`, with the response computed per request (on a server thread).
  package func route(
    _ path: String, query: [String: String] = [:],
    handler: @escaping @Sendable (RecordedRequest) -> FakeResponse
  ) {
    core.addRoute(path: path, query: query, answer: .dynamic(handler))
  }

  /// Every request received so far, in arrival order, including unrouted ones.
  package var requests: [RecordedRequest] { core.requests }

  /// The requests for `path`.
  package func requests(path: String) -> [RecordedRequest] {
    requests.filter { $0.path == path }
  }

  /// How many requests for `path` arrived.
  package func count(path: String) -> Int {
    requests(path: path).count
  }

  /// How many TCP connections the server has accepted: fewer than requests means keep-alive.
  package var acceptedConnections: Int { core.acceptedConnections }

  /// Seconds added before every response, on top of its own delay (for benchmarks).
  package var delayEveryResponse: Double {
    get { core.delayEveryResponse }
    set { core.delayEveryResponse = newValue }
  }
}
