import FoundationEssentials
import Glibc

/// The disk, through System's helpers: `FileContents` reads, `AtomicFile` writes,
/// `Paths.ensureDirectory` makes folders.
package struct LocalFileSystem: FileSystem {
  package init() {}

  package func contents(of path: String, limit: Int) throws(FileError) -> [UInt8]? {
    try FileContents.read(path, limit: limit)
  }

  package func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t) throws(FileError) {
    try AtomicFile.write(Data(bytes), to: path, mode: mode)
  }

  package func names(in folder: String) throws(FileError) -> [String]? {
    guard let directory = opendir(folder) else {
      if errno == ENOENT { return nil }
      throw FileError.system(operation: "read", path: folder, errno: errno)
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name == "." || name == ".." { continue }
      names.append(name)
    }
    return names
  }

  package func status(of path: String, followingLinks: Bool) -> FileStatus? {
    var info = stat()
    guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
    let kind: FileStatus.Kind =
      switch info.st_mode & S_IFMT {
      case S_IFREG: .file
      case S_IFDIR: .folder
      case S_IFLNK: .link
      default: .other
      }
    return FileStatus(
      kind: kind, size: Int(info.st_size), mode: info.st_mode & 0o7777, modified: info.st_mtim.tv_sec)
  }

  package func checkReadable(_ path: String) throws(Errno) {
    if access(path, R_OK) != 0 { throw Errno(errno) }
  }

  package func removeFile(_ path: String) throws(FileError) {
    if unlink(path) == 0 || errno == ENOENT { return }
    throw FileError.system(operation: "remove", path: path, errno: errno)
  }

  package func removeTree(_ folder: String) {
    try? FileManager.default.removeItem(atPath: folder)
  }

  package func rename(_ source: String, to target: String) throws(FileError) {
    guard Glibc.rename(source, target) == 0 else {
      throw FileError.system(operation: "move \(source) to", path: target, errno: errno)
    }
  }

  package func makeFolder(_ folder: String, mode: mode_t) throws(FileError) {
    if let status = status(of: folder, followingLinks: true) {
      guard status.kind == .folder else { throw FileError.notADirectory(path: folder) }
      return
    }
    let parent = Paths.parent(of: folder)
    if !parent.isEmpty, parent != folder { try Paths.ensureDirectory(parent) }
    if mkdir(folder, mode) != 0 {
      guard errno == EEXIST else {
        throw FileError.system(operation: "create folder", path: folder, errno: errno)
      }
      return
    }
    // mkdir's mode passes through the umask; the folder is meant to have this one.
    chmod(folder, mode)
  }

  package func makeTemporaryFolder(in parent: String, prefix: String) throws(FileError) -> String {
    var template = Array((parent + "/" + prefix + "XXXXXX").utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
      throw FileError.system(operation: "create a folder in", path: parent, errno: errno)
    }
    return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  package func resolvingLinks(_ path: String) -> String {
    URL(fileURLWithPath: path).resolvingSymlinksInPath().path
  }

  package func destination(ofLink path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  package func syncFolder(_ folder: String) throws(FileError) {
    try TemporaryFile.syncFolder(folder)
  }
}
