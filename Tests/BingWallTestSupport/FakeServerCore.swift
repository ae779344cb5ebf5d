import Dispatch
import Foundation
import Synchronization

@testable import BingWallNet
@testable import BingWallSystem

/// The sockets, threads, routes and request log behind a `FakeHTTPServer`.
///
/// The accepting thread and one thread per connection hold this object. Stopping shuts down
/// the listener and every open connection (which wakes threads blocked in `accept` or `recv`)
/// and signals a pipe that every deliberate delay waits on, then waits for the threads.
final class FakeServerCore: Sendable {
  /// How a route's response is produced.
  enum Answer: Sendable {
    case fixed(FakeResponse)
    case dynamic(@Sendable (RecordedRequest) -> FakeResponse)
  }

  /// One registered route; `order` is its registration number.
  struct Route: Sendable {
    var path: String
    var query: [String: String]
    var answer: Answer
    var order: Int
  }

  /// Everything shared between the test and the server threads.
  struct State {
    package var routes: [Route] = []
    package var requests: [RecordedRequest] = []
    /// Accepted sockets not yet closed; only their own thread closes them.
    package var connections: Set<Int32> = []
    /// Connections accepted since the start, to tell reused connections from new ones.
    package var acceptedConnections = 0
    package var delayEveryResponse = 0.0
    package var stopping = false
    package var closed = false
  }

  let port: Int
  private let listener: Int32
  /// A pipe that becomes readable when the server stops; delays poll it.
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let state = Locked(State())
  /// Entered once per running thread, so `stop()` can wait for all of them.
  private let threads = DispatchGroup()

  /// Listens on `address`, a loopback IPv4 address (any of 127.0.0.0/8 is this machine: a
  /// second server on 127.0.0.2 is another host to a client).
  init(address host: String = "127.0.0.1") throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard listener >= 0 else { throw SystemCallError("socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr(host)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(listener, address, length) == 0 && listen(listener, 128) == 0
          && getsockname(listener, address, &length) == 0
      }
    }
    var pipeEnds: [Int32] = [-1, -1]
    // pipe2 and accept4 are GNU extensions that Glibc's Swift module does not export.
    guard bound, pipe(&pipeEnds) == 0 else {
      let error = SystemCallError("listen on \(host):0")
      close(listener)
      throw error
    }
    for descriptor in pipeEnds { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    self.listener = listener
    port = Int(UInt16(bigEndian: address.sin_port))
    wakeRead = pipeEnds[0]
    wakeWrite = pipeEnds[1]
  }

  deinit {
    closeDescriptors()
  }

  /// Starts the accepting thread.
  func start() {
    threads.enter()
    Thread { [self] in
      acceptConnections()
      threads.leave()
    }.start()
  }

  /// Shuts everything down and returns once every server thread has ended.
  func stop() {
    let first = state.withLock { state -> Bool in
      guard !state.stopping else { return false }
      state.stopping = true
      // Under the lock, so that no connection thread closes (and the kernel reuses) a
      // descriptor between reading the set and shutting it down.
      shutdown(listener, Int32(SHUT_RDWR))
      for connection in state.connections { shutdown(connection, Int32(SHUT_RDWR)) }
      return true
    }
    if first {
      var byte: UInt8 = 1
      _ = write(wakeWrite, &byte, 1)
    }
    threads.wait()
    closeDescriptors()
  }

  /// Waits `seconds`, or less when the server stops; false means it stopped.
  func pause(_ seconds: Double) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(max(0, Int((seconds * 1000).rounded())))
    while true {
      var entry = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
      let left = clock.now.duration(to: deadline)
      let milliseconds = max(
        0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
      let result = poll(&entry, 1, Int32(milliseconds))
      if result > 0 || (result < 0 && errno != EINTR) { return false }
      if result == 0 && clock.now >= deadline { return !isStopping }
    }
  }

  var isStopping: Bool { state.withLock { $0.stopping } }

  var delayEveryResponse: Double {
    get { state.withLock { $0.delayEveryResponse } }
    set { state.withLock { $0.delayEveryResponse = newValue } }
  }

  var requests: [RecordedRequest] { state.withLock { $0.requests } }

  var acceptedConnections: Int { state.withLock { $0.acceptedConnections } }

  func addRoute(path: String, query: [String: String], answer: Answer) {
    state.withLock { state in
      state.routes.append(Route(path: path, query: query, answer: answer, order: state.routes.count))
    }
  }

  func record(_ request: RecordedRequest) {
    state.withLock { $0.requests.append(request) }
  }

  /// The routed response for `request` and the server-wide delay to add before it.
  func response(for request: RecordedRequest) -> (response: FakeResponse, extraDelay: Double) {
    let query = request.query
    let (answer, extraDelay) = state.withLock { state in
      let matching = state.routes.filter { route in
        route.path == request.path && route.query.allSatisfy { query[$0.key] == $0.value }
      }
      let best = matching.max { ($0.query.count, $0.order) < ($1.query.count, $1.order) }
      return (best?.answer, state.delayEveryResponse)
    }
    // A handler runs outside the lock, so it may itself look at the server.
    switch answer {
    case .fixed(let response): return (response, extraDelay)
    case .dynamic(let handler): return (handler(request), extraDelay)
    case nil: return (.text("no route for \(request.path)\n", status: 404), extraDelay)
    }
  }

  private func acceptConnections() {
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        if errno == EINTR || errno == ECONNABORTED { continue }
        return  // stop() shut the listener down
      }
      let registered = state.withLock { state -> Bool in
        guard !state.stopping else { return false }
        state.connections.insert(connection)
        state.acceptedConnections += 1
        threads.enter()
        return true
      }
      guard registered else {
        close(connection)
        return
      }
      _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
      var yes: Int32 = 1
      // Small pieces of a slow body must leave at once instead of waiting for an ACK.
      setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
      Thread { [self] in
        var handler = FakeConnection(socket: connection, core: self)
        let ending = handler.run()
        state.withLock { _ = $0.connections.remove(connection) }
        if ending == .reset {
          // Linger 0 turns close into an RST instead of an orderly FIN.
          var option = linger(l_onoff: 1, l_linger: 0)
          setsockopt(connection, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        }
        close(connection)
        threads.leave()
      }.start()
    }
  }

  /// Closes the listener and the wake pipe once, after every thread has ended.
  private func closeDescriptors() {
    let needed = state.withLock { state -> Bool in
      defer { state.closed = true }
      return !state.closed
    }
    guard needed else { return }
    close(listener)
    close(wakeRead)
    close(wakeWrite)
  }
}
