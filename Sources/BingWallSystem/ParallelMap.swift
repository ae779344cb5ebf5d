import Dispatch

/// A map whose steps run on several threads at once, for many small independent steps (a stat or
/// a hash of each of 100,000 files) where two cores finish in about half the time of one.
package enum ParallelMap {
  /// `transform` of each element, in order, on up to `threads` threads (the caller's among them),
  /// each taking one contiguous slice. Fewer elements than threads, or one thread, is a plain map.
  package static func map<Element: Sendable, Mapped: Sendable>(
    _ elements: [Element], threads: Int, _ transform: @Sendable (Element) -> Mapped
  ) -> [Mapped] {
    let slices = min(threads, elements.count)
    guard slices > 1 else { return elements.map(transform) }
    let results = UnsafeMutableBufferPointer<Mapped>.allocate(capacity: elements.count)
    defer { results.deallocate() }
    // Each slice initialises its own elements, and concurrentPerform returns only when all are
    // done: no lock needed.
    nonisolated(unsafe) let slots = results
    DispatchQueue.concurrentPerform(iterations: slices) { slice in
      let start = elements.count * slice / slices
      let end = elements.count * (slice + 1) / slices
      for index in start..<end { (slots.baseAddress! + index).initialize(to: transform(elements[index])) }
    }
    defer { _ = results.deinitialize() }
    return Array(results)
  }
}
