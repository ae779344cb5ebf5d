import BingWallSystem

/// Which pictures `prune` removes: those beyond the newest `keep`, those last shown before
/// `shownBefore`, and the oldest until the rest fit in `maxBytes`. A picture goes when any rule
/// says so; favourites and the protected pictures (the current wallpaper) never go.
package struct RetentionPolicy: Sendable, Equatable {
  /// Keep the newest N pictures; nil keeps any number.
  var keep: Int?
  /// Remove pictures whose newest appearance is before this day; nil keeps any age.
  var shownBefore: CalendarDate?
  /// Remove the oldest pictures until the history's files take at most this many bytes.
  var maxBytes: Int64?

  package init(keep: Int? = nil, shownBefore: CalendarDate? = nil, maxBytes: Int64? = nil) {
    self.keep = keep
    self.shownBefore = shownBefore
    self.maxBytes = maxBytes
  }

  /// No rule at all: nothing would ever be removed.
  package var isEmpty: Bool { keep == nil && shownBefore == nil && maxBytes == nil }
}

/// One stored picture as `prune` weighs it: enough to decide and to say what went, read for
/// every picture in one query (a 100,000-picture history is planned in a fraction of a second).
package struct RetentionItem: Sendable, Equatable {
  package var id: Int64
  package var key: String
  /// The newest market-local date it was shown (the date `list` sorts by).
  package var date: CalendarDate
  package var title: String
  package var path: String
  package var bytes: Int64
  var favorite: Bool
}

/// What a policy does to a history: what goes, and what stays.
package struct RetentionPlan: Sendable, Equatable {
  /// Newest first.
  package var removed: [RetentionItem] = []
  package var keptCount = 0
  package var keptBytes: Int64 = 0
  /// Set when the pictures that may never go (favourites, the current wallpaper) alone take more
  /// than `maxBytes`: the limit cannot be met.
  package var protectedBytesOverLimit: Int64?

  package var removedBytes: Int64 { removed.reduce(0) { $0 + $1.bytes } }

  /// Weighs `items` (newest first) against `policy`; ids in `protected` and favourites stay.
  package init(items: [RetentionItem], policy: RetentionPolicy, protected: Set<Int64>) {
    var goes = [Bool](repeating: false, count: items.count)
    for (index, item) in items.enumerated() where !item.favorite && !protected.contains(item.id) {
      if let keep = policy.keep, index >= keep { goes[index] = true }
      if let before = policy.shownBefore, item.date < before { goes[index] = true }
    }
    if let limit = policy.maxBytes {
      // Everything the other rules keep counts; the oldest removable pictures go first until the
      // rest fit.
      var total = zip(items, goes).reduce(Int64(0)) { $0 + ($1.1 ? 0 : $1.0.bytes) }
      var index = items.count - 1
      while total > limit, index >= 0 {
        let item = items[index]
        if !goes[index], !item.favorite, !protected.contains(item.id) {
          goes[index] = true
          total -= item.bytes
        }
        index -= 1
      }
      if total > limit { protectedBytesOverLimit = total }
    }
    for (item, gone) in zip(items, goes) {
      if gone {
        removed.append(item)
      } else {
        keptCount += 1
        keptBytes += item.bytes
      }
    }
  }
}
