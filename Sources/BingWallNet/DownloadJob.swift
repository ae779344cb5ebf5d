/// One file to fetch in a batch: the request and the open file its body streams into.
///
/// The batch never opens or closes the descriptor; it writes the body at the current offset,
/// and before a retry it empties the file (`ftruncate` to 0 and a seek to the start) so that
/// nothing of a failed attempt remains. Give every job a descriptor of its own, on a regular
/// file freshly created or truncated (a pipe cannot be emptied, so a retry into one fails).
/// After a job's final failure its file may hold part of a body; the caller discards it.
package struct DownloadJob: Sendable, Equatable {
  var request: HTTPRequest
  /// Open for writing; stays open and owned by the caller.
  var fileDescriptor: Int32
  /// Names the job in progress reports, e.g. the picture's title.
  var label: String
  /// Sees every body byte as it is written (and a reset before each retry), so a caller can
  /// hash the file while it downloads instead of reading it back afterwards.
  var observer: (any BodyObserver)?

  package init(
    request: HTTPRequest, fileDescriptor: Int32, label: String, observer: (any BodyObserver)? = nil
  ) {
    self.request = request
    self.fileDescriptor = fileDescriptor
    self.label = label
    self.observer = observer
  }

  package static func == (lhs: DownloadJob, rhs: DownloadJob) -> Bool {
    lhs.request == rhs.request && lhs.fileDescriptor == rhs.fileDescriptor && lhs.label == rhs.label
      && lhs.observer.map(ObjectIdentifier.init) == rhs.observer.map(ObjectIdentifier.init)
  }
}

/// Watches a download's body go by: `receive` for each piece written to the file, in order;
/// `reset` when a retry empties the file and starts over.
package protocol BodyObserver: AnyObject, Sendable {
  func receive(_ bytes: UnsafeRawBufferPointer)
  func reset()
}
