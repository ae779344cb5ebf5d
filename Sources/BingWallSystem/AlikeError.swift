/// An error that can strike many items alike in one run (eight pictures each refused with
/// HTTP 404): its `kind` leaves the item out, so that a run tells each kind of failure once,
/// with a count, and `-v` lists each.
package protocol AlikeError: Error {
  /// Equal for two failures of one kind whatever item each struck: the cause, without the
  /// picture's key or URL.
  var kind: String { get }
}
