/// Something that changed around the process which a scheduler cares about: the network came
/// back, the connection or the power changed, the machine woke from sleep. What hears them (the
/// system bus) and what acts on them (the daemon loop) live in different targets; this is the
/// word they share.
package enum SessionEvent: Sendable, Equatable, Hashable {
  /// Full connectivity again after less (NetworkManager's `Connectivity` reached FULL).
  case networkBack
  /// The connection is metered now where it was not, or the reverse.
  case networkChanged
  /// On battery or on AC, or the battery's charge moved.
  case powerChanged
  /// Back from suspend (logind's `PrepareForSleep(false)`).
  case resumed
}

/// A source of `SessionEvent`s the daemon's waiter polls with its timer and its signals: a
/// descriptor that turns readable when something arrived, and the events it meant.
package protocol SessionEventSource: AnyObject {
  var descriptor: Int32 { get }
  /// The poll events to wait for (POLLIN, POLLOUT while a write is queued).
  var pollEvents: Int16 { get }
  /// What arrived since the last call, without blocking; empty when it was nothing of note.
  func events() -> [SessionEvent]
  /// False once the source is gone for good (the bus went away): the waiter stops polling it.
  var isAlive: Bool { get }
}
