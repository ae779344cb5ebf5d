/// Values in the order they were first added, each once: the one order-keeping dedupe.
///
/// For loops that stop at a count (a page of pictures read row by row), where the whole
/// sequence is never at hand; `Sequence.uniqued()` for the rest.
package struct UniqueElements<Element: Hashable> {
  /// The values added, first occurrences only, in order.
  package private(set) var elements: [Element] = []
  private var seen: Set<Element> = []

  package init() {}

  /// The number of distinct values added.
  package var count: Int { elements.count }

  /// Adds `element` unless it was added before; true when it was new.
  @discardableResult
  package mutating func add(_ element: Element) -> Bool {
    guard seen.insert(element).inserted else { return false }
    elements.append(element)
    return true
  }
}

extension Sequence {
  /// The elements in order, without any whose `key` an earlier one had.
  package func uniqued<Key: Hashable>(by key: (Element) throws -> Key) rethrows -> [Element] {
    var keys = UniqueElements<Key>()
    return try filter { keys.add(try key($0)) }
  }
}

extension Sequence where Element: Hashable {
  /// The elements in order, each once.
  package func uniqued() -> [Element] {
    var unique = UniqueElements<Element>()
    for element in self { unique.add(element) }
    return unique.elements
  }
}
