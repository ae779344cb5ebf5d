import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// Applies a retention policy: `prune`, and every update (and so the daemon) after it stores
/// and applies.
///
/// Rows first, then files: the rows of what goes are deleted in one transaction, then the files
/// are unlinked and their folder synced. Before the rows go, the paths are written to a pending
/// list in the state folder; a run killed between the commit and the last unlink leaves files no
/// row knows, and the next prune (or update) removes exactly those, never any other file of a
/// folder the user may share with pictures of their own.
extension Prune {
  /// What one prune did, or would do (`dryRun`).
  package struct Report: Sendable {
    package var plan: RetentionPlan
    package var dryRun: Bool
    /// Files of an earlier, interrupted prune removed first.
    package var leftoversRemoved = 0
    /// Files whose rows went but which could not be removed (`path: reason`).
    package var undeletable: [String] = []
  }

  private var context: Context { resources.context }
  private var files: any FileSystem { context.fileSystem }
  var pendingListPath: String { context.paths.stateFile(.prunePending) }

  /// Prunes `store` by `policy`. The caller holds the history lock.
  func apply(_ policy: RetentionPolicy, to store: HistoryStore, dryRun: Bool) throws -> Report {
    var outcome = Report(plan: RetentionPlan(items: [], policy: policy, protected: []), dryRun: dryRun)
    if !dryRun { outcome.leftoversRemoved = try finishInterrupted(store: store) }
    let protected = Set(try store.recentlyApplied(limit: 1))
    outcome.plan = RetentionPlan(items: try store.retentionItems(), policy: policy, protected: protected)
    guard !dryRun, !outcome.plan.removed.isEmpty else { return outcome }

    // A picture's portrait file goes with it (its row cascades with the picture's).
    let portraits = try store.portraits(of: outcome.plan.removed.map(\.id))
    let paths = outcome.plan.removed.map(\.path) + outcome.plan.removed.compactMap { portraits[$0.id] }
    try files.makeFolder(context.paths.stateDir)
    try files.writeAtomically(
      Array((paths.joined(separator: "\n") + "\n").utf8), to: pendingListPath, mode: 0o600)
    try store.deleteRows(of: outcome.plan.removed, at: context.clock.now())
    outcome.undeletable = try removeFiles(paths, store: store)
    try? files.removeFile(pendingListPath)
    return outcome
  }

  /// The paths a prune listed before deleting their rows and has not finished removing (a
  /// killed one's); empty when there is no list. Doctor reads it too.
  func pendingPaths() throws -> [String] {
    guard let bytes = try files.contents(of: pendingListPath, limit: 64 << 20) else { return [] }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// Removes the files a killed prune listed and whose rows are gone; returns how many.
  private func finishInterrupted(store: HistoryStore) throws -> Int {
    let listed = try pendingPaths()
    guard !listed.isEmpty else { return 0 }
    let present = listed.filter { files.exists($0) }
    _ = try removeFiles(present, store: store)
    try? files.removeFile(pendingListPath)
    return present.filter { !files.exists($0) }.count
  }

  /// Unlinks each path no row records (a pending list is ours, but an import may have reused a
  /// name since), then syncs the folders and removes the pictures made of them for screens;
  /// returns `path: reason` for each that would not go.
  private func removeFiles(_ paths: [String], store: HistoryStore) throws -> [String] {
    var failed: [String] = []
    var folders: Set<String> = []
    var removed: [String] = []
    for path in paths where path.hasPrefix("/") && path.hasSuffix(".jpg") {
      if try store.isPathTaken(path) { continue }
      do throws(FileError) {
        try files.removeFile(path)
        folders.insert(Paths.parent(of: path))
        removed.append(path)
      } catch {
        failed.append("\(path): \(String(cString: strerror(error.errno ?? EIO)))")
      }
    }
    for folder in folders.sorted() { try? files.syncFolder(folder) }
    // The screens' pictures of what went: made again from nothing, so no sync and no report.
    resources.screenPictures.remove(madeFrom: removed)
    return failed
  }
}
