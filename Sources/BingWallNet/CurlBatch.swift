import BingWallSystem
import CCurl
import FoundationEssentials
import Glibc

/// One `downloadAll` call: runs its jobs side by side on the client's session, retries what
/// failed for a passing reason, and reports progress, all on the calling thread.
///
/// Every attempt is a fresh `CurlTransfer`, so the response of a job describes its last
/// attempt only; the session's connection cache is shared by all of them and by the requests
/// before (the archive), so jobs reuse those connections (HTTP/1.1 keep-alive, or HTTP/2
/// streams over one connection).
/// A job waiting out its retry delay holds no slot: the loop sleeps in `curl_multi_poll` until
/// the earliest moment a waiting job may start, or until a socket needs attention, never
/// longer, and never polls in a busy loop. A batch with no progress to show that finds another
/// thread driving runs as its guest (`runAsGuest`) rather than wait for it to end.
final class CurlBatch {
  /// Where a job stands.
  private enum Phase {
    /// Not started yet, or failed and due for another attempt no earlier than this.
    case waiting(notBefore: ContinuousClock.Instant)
    case running(CurlTransfer)
    case finished(Result<HTTPResponse, NetError>)
  }

  private struct Entry {
    let job: DownloadJob
    /// The job's attempts so far, and when (whether) the next may start.
    var retries: RetryLoop
    var phase: Phase
  }

  private let session: CurlSession
  private let userAgent: String
  private let caFile: String?
  private let maxConcurrent: Int
  private let random: any RandomSource
  private let progress: (any DownloadProgress)?
  private let clock = ContinuousClock()
  private var entries: [Entry]
  /// The job of each running transfer.
  private var jobOfTransfer: [ObjectIdentifier: Int] = [:]
  private var meter: ProgressMeter?

  init(
    jobs: [DownloadJob], session: CurlSession, userAgent: String, caFile: String? = nil, maxConcurrent: Int,
    retry: RetryPolicy, random: any RandomSource, progress: (any DownloadProgress)?
  ) {
    self.session = session
    self.caFile = caFile
    let now = clock.now
    entries = jobs.map { job in
      Entry(
        job: job, retries: RetryLoop(policy: retry, deadline: job.request.deadline),
        phase: .waiting(notBefore: now))
    }
    self.userAgent = userAgent
    self.maxConcurrent = max(1, maxConcurrent)
    self.random = random
    self.progress = progress
    if progress != nil { meter = ProgressMeter(labels: jobs.map(\.label), start: now) }
  }

  /// Runs every job to its end; the results are in job order.
  func run() -> [Result<HTTPResponse, NetError>] {
    guard !entries.isEmpty else { return [] }
    // A batch with no progress to show does not wait for the multi while another thread
    // drives it (a source's pictures beside Bing's): it runs beside that driver instead of
    // after it. One that shows progress drives, to measure its transfers.
    if progress == nil, !session.acquireDrivingIfFree() {
      runAsGuest()
    } else {
      if progress != nil { session.acquireDriving() }
      runDriving()
    }
    report(final: true)
    return entries.map { entry in
      guard case .finished(let result) = entry.phase else {
        preconditionFailure("CurlBatch.run ended with an unfinished job")
      }
      return result
    }
  }

  /// Runs the jobs with the driver's role held: the multi is this batch's until every job has
  /// ended; requests other threads make meanwhile (Bing's story, another batch's pictures) join
  /// it, and this loop runs them too.
  private func runDriving() {
    defer { session.releaseDriving() }
    do throws(CurlMulti.Failure) {
      let multi = session.multi
      // A cap on connections as well as on running transfers: a redirect to another host
      // must not open more than the caller allowed. At the cap libcurl closes the oldest idle
      // connection before it opens another.
      try multi.set(CURLMOPT_MAX_TOTAL_CONNECTIONS, maxConcurrent)
      defer { try? multi.set(CURLMOPT_MAX_TOTAL_CONNECTIONS, 0) }
      try drive(multi)
    } catch {
      session.fail(error)
      for index in entries.indices where !isFinished(index) {
        let url = entries[index].job.request.url
        entries[index].phase = .finished(.failure(.setup(url: url, message: error.message)))
      }
    }
  }

  /// Runs the jobs as a guest of the session: each due job's transfer is handed to whoever
  /// drives (this thread, while no one else does), at most `maxConcurrent` at once, and settled
  /// as it ends. A job due for another attempt starts when one of this batch's transfers ends,
  /// or after its delay when none runs: its delay is a floor, as in `runDriving`.
  private func runAsGuest() {
    while true {
      let now = clock.now
      var started: [CurlTransfer] = []
      for index in entries.indices where jobOfTransfer.count < maxConcurrent {
        guard case .waiting(let notBefore) = entries[index].phase, notBefore <= now else { continue }
        if let transfer = start(index) { started.append(transfer) }
      }
      session.handIn(started)
      guard entries.indices.contains(where: { !isFinished($0) }) else { return }
      guard !jobOfTransfer.isEmpty else {
        // Every job left waits out its retry delay.
        usleep(UInt32(millisecondsUntilNextStart()) * 1000)
        continue
      }
      for (id, outcome) in session.awaitAny(of: Set(jobOfTransfer.keys)) {
        guard let index = jobOfTransfer[id], case .running(let transfer) = entries[index].phase else {
          continue
        }
        switch outcome {
        case .success(let code):
          settle(transfer, code: code)
        case .failure(let failure):
          jobOfTransfer[id] = nil
          let url = entries[index].job.request.url
          finish(index, .failure(.setup(url: url, message: failure.message)), keptBytes: 0)
        }
      }
    }
  }

  private func drive(_ multi: CurlMulti) throws(CurlMulti.Failure) {
    var cap = maxConcurrent
    while true {
      startDueJobs(on: multi)
      try session.attachPending()
      // A request another thread handed in (Bing's story) is not the batch's: it may have a
      // connection beyond the batch's cap, as on a multi of its own, rather than wait for a
      // picture to end over HTTP/1.1 (over HTTP/2 it shares the one connection all the same).
      // Set before `perform`, which is where a transfer just attached looks for a connection.
      let wanted = maxConcurrent + max(0, multi.count - jobOfTransfer.count)
      if wanted != cap {
        try multi.set(CURLMOPT_MAX_TOTAL_CONNECTIONS, wanted)
        cap = wanted
      }
      try multi.perform()
      var others: [(CurlTransfer, Result<CURLcode, CurlMulti.Failure>)] = []
      for (transfer, code) in multi.completed() {
        if jobOfTransfer[ObjectIdentifier(transfer)] != nil {
          settle(transfer, code: code)
        } else {
          others.append((transfer, .success(code)))
        }
      }
      session.tell(others)
      if meter != nil { measure() }
      report(final: false)
      guard entries.indices.contains(where: { !isFinished($0) }) else { return }
      let wait = millisecondsUntilNextStart()
      // A slot came free and a job is due: start it without sleeping first.
      if wait == 0 { continue }
      try multi.poll(milliseconds: wait)
    }
  }

  /// Starts waiting jobs whose time has come, in job order, while slots are free.
  private func startDueJobs(on multi: CurlMulti) {
    let now = clock.now
    for index in entries.indices where jobOfTransfer.count < maxConcurrent {
      guard case .waiting(let notBefore) = entries[index].phase, notBefore <= now else { continue }
      start(index, on: multi)
    }
  }

  private func start(_ index: Int, on multi: CurlMulti) {
    guard let transfer = start(index) else { return }
    do throws(CurlMulti.Failure) {
      try multi.add(transfer)
    } catch {
      jobOfTransfer[ObjectIdentifier(transfer)] = nil
      finish(
        index, .failure(.setup(url: entries[index].job.request.url, message: error.message)), keptBytes: 0)
    }
  }

  /// The next attempt of job `index`, made and marked running, for the caller to attach; nil
  /// when it could not be made (the job is then finished with why).
  private func start(_ index: Int) -> CurlTransfer? {
    let job = entries[index].job
    entries[index].retries.begin()
    do throws(NetError) {
      let transfer = try CurlTransfer(
        request: job.request, userAgent: userAgent, caFile: caFile, sink: .fileDescriptor(job.fileDescriptor))
      if job.request.url.lowercased().hasPrefix("https:") {
        // Wait for the first connection's ALPN answer and, if it is HTTP/2, share it instead of
        // opening one connection (and TLS handshake) per picture. Over plain http the answer
        // comes only with the first response's headers and is always HTTP/1.1, so waiting would
        // just serialise the start of the batch.
        try transfer.easy.set(CURLOPT_PIPEWAIT, 1)
      }
      if meter != nil { try transfer.reportProgress() }
      transfer.observer = job.observer
      entries[index].phase = .running(transfer)
      jobOfTransfer[ObjectIdentifier(transfer)] = index
      meter?.start(index)
      return transfer
    } catch {
      finish(index, .failure(error), keptBytes: 0)
      return nil
    }
  }

  /// Takes the outcome of one finished attempt: keeps it, or empties the file and schedules
  /// the next attempt.
  private func settle(_ transfer: CurlTransfer, code: CURLcode) {
    guard let index = jobOfTransfer.removeValue(forKey: ObjectIdentifier(transfer)) else { return }
    let outcome = Result { () throws(NetError) in try transfer.finish(code) }
    let entry = entries[index]
    guard let failure = RetryLoop.Failure(outcome),
      let notBefore = entry.retries.nextAttempt(after: failure, now: clock.now, unit: random.unit())
    else {
      finish(index, outcome, keptBytes: transfer.bodyBytes)
      return
    }
    if let errno = Self.empty(entry.job.fileDescriptor) {
      // Going on would append the next attempt to the remains of this one.
      finish(index, .failure(.write(url: entry.job.request.url, errno: errno)), keptBytes: transfer.bodyBytes)
      return
    }
    entry.job.observer?.reset()
    meter?.update(index, received: transfer.bodyBytes, expected: nil)
    meter?.restart(index)
    entries[index].phase = .waiting(notBefore: notBefore)
  }

  private func finish(_ index: Int, _ result: Result<HTTPResponse, NetError>, keptBytes: Int64) {
    entries[index].phase = .finished(result)
    meter?.finish(index, bytes: keptBytes)
  }

  /// Copies the running transfers' byte counts into the meter.
  private func measure() {
    for (index, entry) in entries.enumerated() {
      guard case .running(let transfer) = entry.phase else { continue }
      let expected = transfer.expectedBytes
      meter?.update(index, received: transfer.bodyBytes, expected: expected > 0 ? expected : nil)
    }
  }

  private func report(final: Bool) {
    guard let progress, let snapshot = meter?.snapshot(at: clock.now, final: final) else { return }
    progress.update(snapshot)
  }

  /// How long the loop may sleep before a waiting job is due: 0 when one is due now and a
  /// slot is free; `longestPoll` when none is waiting or no slot is free, since then only a
  /// finishing transfer (which wakes the poll) can change anything.
  private func millisecondsUntilNextStart() -> Int {
    guard jobOfTransfer.count < maxConcurrent else { return CurlSession.longestPoll }
    var earliest: ContinuousClock.Instant?
    for entry in entries {
      guard case .waiting(let notBefore) = entry.phase else { continue }
      earliest = min(earliest ?? notBefore, notBefore)
    }
    guard let earliest else { return CurlSession.longestPoll }
    let left = clock.now.duration(to: earliest)
    guard left > .zero else { return 0 }
    // Rounded up: waking a millisecond early would only lead to a second, shorter poll.
    let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
    let milliseconds =
      left.components.seconds * 1000
      + (left.components.attoseconds + attosecondsPerMillisecond - 1) / attosecondsPerMillisecond
    return Int(min(milliseconds, Int64(CurlSession.longestPoll)))
  }

  private func isFinished(_ index: Int) -> Bool {
    if case .finished = entries[index].phase { return true }
    return false
  }

  /// Empties the file behind `fileDescriptor` and rewinds it; errno on failure.
  private static func empty(_ fileDescriptor: Int32) -> Int32? {
    guard ftruncate(fileDescriptor, 0) == 0, lseek(fileDescriptor, 0, SEEK_SET) == 0 else { return errno }
    return nil
  }
}
