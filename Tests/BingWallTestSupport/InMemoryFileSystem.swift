import Foundation
import Synchronization
import Testing

@testable import BingWallSystem

/// The file system of a test of logic: files, folders and links in a dictionary, so the test
/// needs no temporary folder and leaves nothing behind.
///
/// It models what the use cases ask of `FileSystem`, as POSIX answers it (a missing parent is
/// `ENOENT`, a file in a folder's place `ENOTDIR`), and fails the test loudly on what it does
/// not model: a relative path, renaming a folder. Links are followed at the end of a path only.
/// `failing` makes the next operations on a path fail, for the error paths.
package final class InMemoryFileSystem: FileSystem, Sendable {
  package enum Node: Equatable, Sendable {
    case file([UInt8], mode: mode_t, modified: Int = 0)
    case folder(mode: mode_t)
    case link(String)
  }

  private let nodes = Mutex<[String: Node]>(["/": .folder(mode: 0o755)])
  private let failures = Mutex<[String: Int32]>([:])
  private let temporaryCount = Mutex(0)
  /// Every atomic write, in order: the path and what it got.
  package let writes = Mutex<[(path: String, text: String)]>([])

  package init() {}

  // MARK: Setting up and looking

  /// Puts `text` at `path`, making its folders: the state a test starts from.
  package func add(_ path: String, _ text: String, mode: mode_t = 0o644, modified: Int = 0) {
    addFolders(Paths.parent(of: path))
    nodes.withLock { $0[path] = .file(Array(text.utf8), mode: mode, modified: modified) }
  }

  /// Makes `path` and its missing parents folders of `mode`.
  package func addFolders(_ path: String, mode: mode_t = 0o755) {
    var path = path
    var made: [String] = []
    while path != "/" && !path.isEmpty {
      made.append(path)
      path = Paths.parent(of: path)
    }
    nodes.withLock { nodes in
      for folder in made where nodes[folder] == nil { nodes[folder] = .folder(mode: mode) }
    }
  }

  /// Makes `path` a link to `target`.
  package func addLink(_ path: String, to target: String) {
    addFolders(Paths.parent(of: path))
    nodes.withLock { $0[path] = .link(target) }
  }

  /// The text of the file at `path` (links followed), nil when there is none.
  package func text(_ path: String) -> String? {
    guard case .file(let bytes, _, _)? = node(resolve(path)) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// What is at `path` itself.
  package func node(_ path: String) -> Node? { nodes.withLock { $0[path] } }

  /// Every path held, sorted.
  package var paths: [String] { nodes.withLock { $0.keys.sorted() } }

  /// From now on, every operation on `path` fails with `code`.
  package func failing(_ path: String, with code: Int32) {
    failures.withLock { $0[path] = code }
  }

  // MARK: FileSystem

  package func contents(of path: String, limit: Int) throws(FileError) -> [UInt8]? {
    let path = try checked(path, "read")
    switch node(resolve(path)) {
    case nil: return nil
    case .folder: throw .system(operation: "read", path: path, errno: EISDIR)
    case .link: throw .system(operation: "read", path: path, errno: ELOOP)
    case .file(let bytes, _, _):
      if bytes.count > limit { throw .system(operation: "read", path: path, errno: EFBIG) }
      return bytes
    }
  }

  package func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t) throws(FileError) {
    let path = try checked(path, "write")
    try requireFolder(Paths.parent(of: path), for: path, "create a file in")
    if case .folder? = node(path) { throw .system(operation: "rename into", path: path, errno: EISDIR) }
    nodes.withLock { $0[path] = .file(bytes, mode: mode) }
    writes.withLock { $0.append((path, String(decoding: bytes, as: UTF8.self))) }
  }

  package func names(in folder: String) throws(FileError) -> [String]? {
    let folder = try checked(folder, "read")
    switch node(resolve(folder)) {
    case nil: return nil
    case .folder: break
    default: throw .system(operation: "read", path: folder, errno: ENOTDIR)
    }
    let prefix = resolve(folder) == "/" ? "/" : resolve(folder) + "/"
    return nodes.withLock { nodes in
      nodes.keys.filter { $0.hasPrefix(prefix) && $0 != prefix && !$0.dropFirst(prefix.count).contains("/") }
        .map { String($0.dropFirst(prefix.count)) }
    }
  }

  package func status(of path: String, followingLinks: Bool) -> FileStatus? {
    guard let path = try? checked(path, "look at") else { return nil }
    switch node(followingLinks ? resolve(path) : path) {
    case nil: return nil
    case .file(let bytes, let mode, let modified):
      return FileStatus(kind: .file, size: bytes.count, mode: mode, modified: modified)
    case .folder(let mode): return FileStatus(kind: .folder, mode: mode)
    case .link(let target): return FileStatus(kind: .link, size: target.utf8.count, mode: 0o777)
    }
  }

  package func checkReadable(_ path: String) throws(Errno) {
    guard let status = status(of: path, followingLinks: true) else { throw Errno(ENOENT) }
    if status.mode & 0o444 == 0 { throw Errno(EACCES) }
  }

  package func removeFile(_ path: String) throws(FileError) {
    let path = try checked(path, "remove")
    switch node(path) {
    case nil: return
    case .folder: throw .system(operation: "remove", path: path, errno: EISDIR)
    default: nodes.withLock { $0[path] = nil }
    }
  }

  package func removeTree(_ folder: String) {
    guard let folder = try? checked(folder, "remove") else { return }
    nodes.withLock { nodes in
      for path in nodes.keys where path == folder || path.hasPrefix(folder + "/") { nodes[path] = nil }
    }
  }

  package func rename(_ source: String, to target: String) throws(FileError) {
    let source = try checked(source, "move")
    let target = try checked(target, "move to")
    guard let moved = node(source) else {
      throw .system(operation: "move \(source) to", path: target, errno: ENOENT)
    }
    if case .folder = moved {
      unmodelled("renaming a folder (\(source))")
      throw .system(operation: "move \(source) to", path: target, errno: ENOSYS)
    }
    try requireFolder(Paths.parent(of: target), for: target, "move \(source) to")
    nodes.withLock {
      $0[source] = nil
      $0[target] = moved
    }
  }

  package func makeFolder(_ folder: String, mode: mode_t) throws(FileError) {
    let folder = try checked(folder, "create folder")
    switch node(resolve(folder)) {
    case .folder?: return
    case .file?, .link?: throw .notADirectory(path: folder)
    case nil: break
    }
    var parent = Paths.parent(of: folder)
    while parent != "/" {
      if case .file? = node(resolve(parent)) { throw .notADirectory(path: parent) }
      parent = Paths.parent(of: parent)
    }
    addFolders(Paths.parent(of: folder), mode: 0o700)
    nodes.withLock { $0[folder] = .folder(mode: mode) }
  }

  package func makeTemporaryFolder(in parent: String, prefix: String) throws(FileError) -> String {
    let parent = try checked(parent, "create a folder in")
    try requireFolder(parent, for: parent, "create a folder in")
    let number = temporaryCount.withLock {
      $0 += 1
      return $0
    }
    let folder = parent + "/" + prefix + String(format: "%06d", number)
    nodes.withLock { $0[folder] = .folder(mode: 0o700) }
    return folder
  }

  package func resolvingLinks(_ path: String) -> String { resolve(path) }

  package func destination(ofLink path: String) -> String? {
    guard let path = try? checked(path, "read the link"), case .link(let target)? = node(path) else {
      return nil
    }
    return target
  }

  package func syncFolder(_ folder: String) throws(FileError) {
    let folder = try checked(folder, "sync folder")
    try requireFolder(folder, for: folder, "open folder")
  }

  // MARK: Helpers

  /// `path` itself, refusing what is not modelled and failing as `failing` asked.
  private func checked(_ path: String, _ operation: String) throws(FileError) -> String {
    guard path.hasPrefix("/") else {
      unmodelled("a relative path (\(operation) '\(path)')")
      throw .system(operation: operation, path: path, errno: ENOSYS)
    }
    if let code = failures.withLock({ $0[path] }) {
      throw .system(operation: operation, path: path, errno: code)
    }
    return path
  }

  /// `path` with its links followed, the last one included (at most 40, as Linux allows).
  private func resolve(_ path: String) -> String {
    var path = path
    for _ in 0..<40 {
      guard case .link(let target)? = node(path) else { return path }
      path = target.hasPrefix("/") ? target : Paths.parent(of: path) + "/" + target
    }
    return path
  }

  private func requireFolder(_ folder: String, for path: String, _ operation: String) throws(FileError) {
    switch node(resolve(folder)) {
    case .folder?: return
    case nil: throw .system(operation: operation, path: path, errno: ENOENT)
    default: throw .system(operation: operation, path: path, errno: ENOTDIR)
    }
  }

  private func unmodelled(_ what: String) {
    Issue.record(Comment(rawValue: "InMemoryFileSystem does not model \(what)"))
  }
}
