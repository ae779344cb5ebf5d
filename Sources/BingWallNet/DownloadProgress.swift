/// Where a batch download reports how far it has got, so the caller can draw a progress bar.
///
/// Called on the thread running the batch, between transfers' work, never from inside a
/// libcurl callback: about ten times a second while bytes arrive, and once more at the end
/// with `isFinal` set. A slow sink slows the batch down, so draw and return.
package protocol DownloadProgress: Sendable {
  func update(_ snapshot: ProgressSnapshot)
}

/// The state of a whole batch at one moment, and of the job that last received bytes.
package struct ProgressSnapshot: Sendable, Equatable {
  /// The label of the one job in flight; empty while several are (or none is).
  package var label: String
  /// Jobs whose transfer is running now.
  var inFlight: Int
  /// Body bytes of the job that last received bytes (or finished), current attempt.
  var received: Int64
  /// That job's announced length, nil while unknown.
  var expected: Int64?
  /// Body bytes now held by all jobs' files: finished jobs count what they kept. It falls
  /// back when a failed attempt's bytes are thrown away for a retry.
  package var totalReceived: Int64
  /// The sum of every job's length once all are known (jobs not yet started are not), else nil.
  package var totalExpected: Int64?
  /// Bytes per second over the network, thrown-away attempts included: over the last two
  /// seconds or so, and in the final snapshot over the whole batch.
  package var bytesPerSecond: Double
  /// Jobs done, successfully or not.
  package var finishedJobs: Int
  /// Jobs in the batch.
  package var jobCount: Int
  /// True only for the one snapshot sent after every job has finished.
  package var isFinal: Bool

  package init(
    label: String, inFlight: Int = 0, received: Int64, expected: Int64?, totalReceived: Int64,
    totalExpected: Int64?, bytesPerSecond: Double, finishedJobs: Int, jobCount: Int, isFinal: Bool
  ) {
    self.label = label
    self.inFlight = inFlight
    self.received = received
    self.expected = expected
    self.totalReceived = totalReceived
    self.totalExpected = totalExpected
    self.bytesPerSecond = bytesPerSecond
    self.finishedJobs = finishedJobs
    self.jobCount = jobCount
    self.isFinal = isFinal
  }
}
