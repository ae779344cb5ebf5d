import Glibc

/// A detached POSIX thread for one piece of work (the daemon's update step), without
/// Foundation's `Thread`.
package enum BackgroundThread {
  /// Starts `body` on a new thread with a stack of `stackSize` bytes; false when the system
  /// refused to create one (the caller then runs the work itself).
  package static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let box = Unmanaged.passRetained(Work(body))
    var thread = pthread_t()
    let result = pthread_create(
      &thread, &attributes,
      { raw in
        let work = Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue()
        work.body()
        return nil
      }, box.toOpaque())
    if result != 0 { box.release() }
    return result == 0
  }

  private final class Work {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}
