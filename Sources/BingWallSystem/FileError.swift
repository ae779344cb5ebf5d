import FoundationEssentials
import Glibc

/// Failures of our own file operations, with the path and the system's reason.
package enum FileError: Error, Equatable, Sendable {
  /// A system call failed; `operation` says what we were doing.
  case system(operation: String, path: String, errno: Int32)
  /// Something that should be a folder is a file.
  case notADirectory(path: String)
}

extension FileError {
  /// The system's error number, when a system call failed.
  package var errno: Int32? {
    guard case .system(_, _, let errno) = self else { return nil }
    return errno
  }
}

extension FileError: DescribedError {
  package var description: String {
    switch self {
    case .system(let operation, let path, let errno):
      return "cannot \(operation) \(path): \(String(cString: strerror(errno)))"
    case .notADirectory(let path):
      return "\(path) exists but is not a folder"
    }
  }
}

extension FileError: HintedError {
  package var hint: String? {
    guard case .notADirectory = self else { return nil }
    return "move it away"
  }
}
