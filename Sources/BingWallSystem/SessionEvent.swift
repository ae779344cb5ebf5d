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
  /// The system bus went away (dbus-daemon stopped or restarted): nothing is heard until it is
  /// back. Said once per loss.
  case busLost
  /// The system bus is back, and its signals are asked for again.
  case busBack
  /// The user asked something from the panel menu or a notification.
  case desktop(DesktopRequest)
}

/// A source of `SessionEvent`s the daemon's waiter polls with its timer and its signals: a
/// descriptor that turns readable when something arrived, and the events it meant.
package protocol SessionEventSource: AnyObject {
  /// The socket to poll; -1 while there is none (the bus is away), which poll skips.
  var descriptor: Int32 { get }
  /// The poll events to wait for (POLLIN, POLLOUT while a write is queued).
  var pollEvents: Int16 { get }
  /// The longest the waiter may sleep before calling `events()` even if the descriptor stays
  /// quiet, in milliseconds: 0 while work is queued, -1 for no limit.
  var pollTimeout: Int32 { get }
  /// What arrived since the last call, without blocking and with bounded work (the waiter looks
  /// at its signals between calls); empty when it was nothing of note.
  func events() -> [SessionEvent]
}
