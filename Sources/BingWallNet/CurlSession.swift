import CCurl
import Glibc

/// The one libcurl multi handle a client sends all its requests through, from every thread, so
/// that they share one connection cache: the pictures ride on the connection that brought the
/// archive (one TCP and TLS handshake for the whole update; over HTTP/2, as Bing serves, one
/// connection multiplexes every picture), a request made on another thread meanwhile (Bing's
/// story beside the pictures, the other sources beside Bing's archive) joins that connection
/// instead of opening its own, and DNS answers and TLS sessions are reused too.
///
/// libcurl lets only one thread at a time use a multi handle, and does not support sharing a
/// connection cache between threads (`CURLSH`): so the callers take turns driving this one.
/// A caller hands its transfers in (`runAll`); if no one is driving, it drives: attaches every
/// transfer handed in, by any thread, runs the multi, and tells each caller when its own ended,
/// until its own have all ended; then a caller still waiting takes over the transfers left. A
/// caller that arrives while another drives wakes the driver's poll (`curl_multi_wakeup`) and
/// waits. A batch (`CurlBatch`) drives for its whole run and takes in the others' transfers too.
/// Every transfer keeps its own limits (`CURLOPT_TIMEOUT_MS`…), whichever thread drives it.
///
/// `@unchecked Sendable`: the multi is only used by the thread in the driver's role, which is
/// handed over under `monitor`; the rest of the state is only touched under `monitor`.
/// https://everything.curl.dev/transfers/conn/reuse
/// https://curl.se/libcurl/c/threadsafe.html
final class CurlSession: @unchecked Sendable {
  let api: UnsafePointer<bw_curl_api>
  /// Used only by the driver (`acquireDriving` to `releaseDriving`).
  let multi: CurlMulti
  private let monitor = Monitor()
  /// Under `monitor`: transfers handed in and not yet attached by the driver.
  private var pending: [CurlTransfer] = []
  /// Under `monitor`: how each transfer ended, until its caller collects it.
  private var ended: [ObjectIdentifier: Result<CURLcode, CurlMulti.Failure>] = [:]
  /// Under `monitor`: whether a thread is driving the multi.
  private var driving = false
  /// Under `monitor`: batches waiting for the driver's role, which a caller driving for its own
  /// requests then hands over at once instead of at the end of its requests.
  private var batchesWaiting = 0
  /// Under `monitor`: set once a multi call failed: libcurl no longer vouches for the handle's
  /// state, so the client makes a new session for the requests after.
  private var broken = false

  /// The longest single sleep; libcurl wakes the loop sooner for its own timers and sockets, and
  /// a caller handing in a transfer wakes it at once.
  static let longestPoll = 1000

  init(api: UnsafePointer<bw_curl_api>) throws(CurlMulti.Failure) {
    self.api = api
    multi = try CurlMulti(api: api)
    try multi.set(CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX)
  }

  /// Whether a multi call failed in this session.
  var isBroken: Bool { monitor.locked { broken } }

  /// Runs one transfer to its end, beside whatever else the session runs.
  func run(_ transfer: CurlTransfer) throws(NetError) -> HTTPResponse {
    try runAll([.success(transfer)])[0].get()
  }

  /// Runs the transfers side by side to their ends, beside whatever else the session runs; one
  /// that could not be made stays the failure it was.
  func runAll(_ transfers: [Result<CurlTransfer, NetError>]) -> [Result<HTTPResponse, NetError>] {
    let mine = transfers.compactMap { try? $0.get() }
    let outcomes = wait(for: mine)
    return transfers.map { made in
      made.flatMap { transfer in
        Result { () throws(NetError) -> HTTPResponse in
          switch outcomes[ObjectIdentifier(transfer)] ?? .success(CURLE_FAILED_INIT) {
          case .success(let code): return try transfer.finish(code)
          case .failure(let failure):
            throw NetError.setup(url: transfer.request.url, message: failure.message)
          }
        }
      }
    }
  }

  // MARK: - The driver's role

  /// Waits until no one drives, then takes the role: the multi is the caller's until
  /// `releaseDriving`. For `CurlBatch`, which drives for its whole run.
  func acquireDriving() {
    let someoneDrives = monitor.locked {
      batchesWaiting += 1
      return driving
    }
    // A caller driving for its own requests (the story, started just before the pictures)
    // hands over at its next turn rather than after its answer: the pictures do not wait.
    if someoneDrives { multi.wakeup() }
    monitor.locked {
      while driving { monitor.wait() }
      batchesWaiting -= 1
      driving = true
    }
  }

  /// Takes the role when no one drives, and says whether it did; never waits. For a
  /// `CurlBatch` that can run as a guest (`handIn`, `awaitAny`) rather than wait for the role.
  func acquireDrivingIfFree() -> Bool {
    monitor.locked {
      guard !driving else { return false }
      driving = true
      return true
    }
  }

  /// Gives the role up and lets a waiting caller take over the transfers still attached.
  func releaseDriving() {
    monitor.locked {
      driving = false
      monitor.broadcast()
    }
  }

  /// For the driver: attaches every transfer handed in since the last call.
  func attachPending() throws(CurlMulti.Failure) {
    let handedIn = monitor.locked {
      defer { pending.removeAll() }
      return pending
    }
    for (index, transfer) in handedIn.enumerated() {
      do throws(CurlMulti.Failure) {
        try multi.add(transfer)
      } catch {
        // Neither this one nor the ones after it are attached: their callers are told now.
        tell(handedIn[index...].map { ($0, .failure(error)) })
        throw error
      }
    }
  }

  /// For the driver: tells the callers of these transfers (not the driver's own) how they ended.
  func tell(_ outcomes: some Sequence<(CurlTransfer, Result<CURLcode, CurlMulti.Failure>)>) {
    monitor.locked {
      var any = false
      for (transfer, outcome) in outcomes {
        ended[ObjectIdentifier(transfer)] = outcome
        any = true
      }
      if any { monitor.broadcast() }
    }
  }

  /// For the driver, after a multi call failed: every transfer attached or handed in fails with
  /// `failure`, and the session is broken.
  func fail(_ failure: CurlMulti.Failure) {
    let attached = multi.detachAll()
    monitor.locked {
      broken = true
      for transfer in attached + pending { ended[ObjectIdentifier(transfer)] = .failure(failure) }
      pending.removeAll()
      monitor.broadcast()
    }
  }

  // MARK: - Waiting and driving

  /// Hands `transfers` in and returns once each has ended: driving while no one else does,
  /// waiting while someone does.
  private func wait(for transfers: [CurlTransfer]) -> [ObjectIdentifier: Result<CURLcode, CurlMulti.Failure>]
  {
    handIn(transfers)
    var left = Set(transfers.map(ObjectIdentifier.init))
    var outcomes: [ObjectIdentifier: Result<CURLcode, CurlMulti.Failure>] = [:]
    while !left.isEmpty {
      for (id, outcome) in awaitAny(of: left) {
        outcomes[id] = outcome
        left.remove(id)
      }
    }
    return outcomes
  }

  /// Hands `transfers` in, to be attached by whoever drives.
  func handIn(_ transfers: [CurlTransfer]) {
    guard !transfers.isEmpty else { return }
    let someoneDrives = monitor.locked {
      pending += transfers
      return driving
    }
    // A driver asleep in its poll attaches them at once, not after its next timer.
    if someoneDrives { multi.wakeup() }
  }

  /// Returns once one or more of the transfers `ids` (handed in, none collected yet) have
  /// ended, with how each of those ended: driving while no one else does, waiting while
  /// someone does.
  func awaitAny(of ids: Set<ObjectIdentifier>) -> [ObjectIdentifier: Result<CURLcode, CurlMulti.Failure>] {
    guard !ids.isEmpty else { return [:] }
    while true {
      let (outcomes, shouldDrive) = monitor.locked {
        () -> ([ObjectIdentifier: Result<CURLcode, CurlMulti.Failure>], Bool) in
        var outcomes: [ObjectIdentifier: Result<CURLcode, CurlMulti.Failure>] = [:]
        for id in ids {
          if let outcome = ended.removeValue(forKey: id) { outcomes[id] = outcome }
        }
        if !outcomes.isEmpty { return (outcomes, false) }
        if driving || batchesWaiting > 0 {
          monitor.wait()
          return ([:], false)
        }
        driving = true
        return ([:], true)
      }
      if !outcomes.isEmpty { return outcomes }
      if shouldDrive { drive(untilAnyOf: ids) }
    }
  }

  /// Drives the multi, for everyone's transfers, until one of those in `ids` (none of them
  /// collected yet) has ended, a batch asks for the role (it drives them on), or the multi
  /// failed; then gives the role up.
  private func drive(untilAnyOf ids: Set<ObjectIdentifier>) {
    defer { releaseDriving() }
    do throws(CurlMulti.Failure) {
      while true {
        try attachPending()
        try multi.perform()
        let done = multi.completed()
        tell(done.map { ($0.transfer, .success($0.code)) })
        let handOver = monitor.locked { batchesWaiting > 0 || ids.contains { ended[$0] != nil } }
        if handOver { return }
        try multi.poll(milliseconds: Self.longestPoll)
      }
    } catch {
      fail(error)
    }
  }
}

/// A pthread mutex and condition variable: the callers of a session wait on it for their
/// transfers or for the driver's role.
private final class Monitor: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Runs `body` holding the mutex; `wait()` may only be called inside it.
  func locked<Value>(_ body: () throws(Never) -> Value) -> Value {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }

  /// Inside `locked`: releases the mutex until `broadcast()` (or a spurious wake-up).
  func wait() {
    pthread_cond_wait(condition, mutex)
  }

  func broadcast() {
    pthread_cond_broadcast(condition)
  }
}
