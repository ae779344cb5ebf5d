/// Adds up the byte counts of a batch's jobs and decides when a snapshot is due, so that the
/// progress sink hears about the batch at a steady pace instead of once per network read.
///
/// Pure bookkeeping: the batch feeds it counts and instants, which keeps it testable without
/// a network or a clock.
struct ProgressMeter {
  /// The shortest gap between two snapshots: ten a second is smooth enough for a bar.
  static let interval = Duration.milliseconds(100)
  /// How far back the rate looks: long enough to be steady, short enough to follow a stall.
  static let window = Duration.seconds(2)

  private let labels: [String]
  private var received: [Int64]
  private var expected: [Int64?]
  private var finished: [Bool]
  /// Jobs whose transfer runs now (not waiting for a retry, not done).
  private var inFlight: [Bool]
  /// Bytes of attempts thrown away for a retry; they count for the rate, not the totals.
  private var discarded: Int64 = 0
  /// The job that last changed, which the snapshot describes.
  private var latest = 0
  /// Whether anything changed since the last snapshot.
  private var changed = false
  private let start: ContinuousClock.Instant
  private var lastReport: ContinuousClock.Instant?
  /// Bytes transferred so far at recent snapshots, oldest first, for the rate.
  private var samples: [(time: ContinuousClock.Instant, bytes: Int64)]

  init(labels: [String], start: ContinuousClock.Instant) {
    self.labels = labels
    received = Array(repeating: 0, count: labels.count)
    expected = Array(repeating: nil, count: labels.count)
    finished = Array(repeating: false, count: labels.count)
    inFlight = Array(repeating: false, count: labels.count)
    self.start = start
    samples = [(start, 0)]
  }

  /// Records the current attempt's counts for job `index`.
  mutating func update(_ index: Int, received bytes: Int64, expected length: Int64?) {
    guard received[index] != bytes || expected[index] != length else { return }
    received[index] = bytes
    expected[index] = length
    latest = index
    changed = true
  }

  /// Job `index`'s transfer has started.
  mutating func start(_ index: Int) {
    inFlight[index] = true
    changed = true
  }

  /// Throws away job `index`'s bytes before it is tried again.
  mutating func restart(_ index: Int) {
    discarded += received[index]
    update(index, received: 0, expected: nil)
    inFlight[index] = false
    changed = true
  }

  /// Marks job `index` done with `bytes` kept; nothing more is expected of it.
  mutating func finish(_ index: Int, bytes: Int64) {
    received[index] = bytes
    expected[index] = bytes
    finished[index] = true
    inFlight[index] = false
    latest = index
    changed = true
  }

  /// The snapshot to send at `now`: nil when nothing changed or the last one is too recent,
  /// unless `final`, which is always sent.
  mutating func snapshot(at now: ContinuousClock.Instant, final: Bool) -> ProgressSnapshot? {
    if !final {
      guard changed else { return nil }
      if let lastReport, now - lastReport < Self.interval { return nil }
    }
    changed = false
    lastReport = now
    let kept = received.reduce(0, +)
    let transferred = discarded + kept
    let rate: Double
    if final {
      rate = Self.perSecond(transferred, over: now - start)
    } else {
      samples.append((now, transferred))
      // Keep one sample at or before the window's start, so the rate spans the whole window.
      while samples.count > 2, now - samples[1].time >= Self.window { samples.removeFirst() }
      rate = Self.perSecond(transferred - samples[0].bytes, over: now - samples[0].time)
    }
    let allKnown = expected.allSatisfy { $0 != nil }
    // A name only while it is the one picture coming: with several in flight, naming whichever
    // last received bytes made the title flicker between them.
    let running = inFlight.indices.filter { inFlight[$0] }
    return ProgressSnapshot(
      label: running.count == 1 && !final ? labels[running[0]] : "", inFlight: running.count,
      received: received[latest], expected: expected[latest],
      totalReceived: kept, totalExpected: allKnown ? expected.reduce(0) { $0 + ($1 ?? 0) } : nil,
      bytesPerSecond: rate, finishedJobs: finished.count { $0 }, jobCount: labels.count, isFinal: final)
  }

  private static func perSecond(_ bytes: Int64, over duration: Duration) -> Double {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    return seconds > 0 ? Double(bytes) / seconds : 0
  }
}
