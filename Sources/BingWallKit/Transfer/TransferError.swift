import BingWallSystem
import FoundationEssentials

/// Why `export` or `import` could not go on, or refused one picture.
package enum TransferError: Error, Equatable {
  /// PATH is neither a folder nor a regular file.
  case notImportable(path: String)
  /// The export document is larger than anything an export of a real history would write.
  case documentTooLarge(path: String, limit: Int)
  /// The export document is not JSON, or not the shape bingwall writes.
  case invalidDocument(path: String, detail: String)
  /// One picture of the export document is refused; the others still come in.
  case invalidEntry(index: Int, detail: String)
  /// A file is larger than any picture bingwall keeps.
  case tooLarge(name: String, limit: Int64)
  /// Not a regular file (a folder, a device, a symbolic link inside an export).
  case notARegularFile(name: String)
  /// The file could not be opened or read.
  case unreadable(name: String, reason: String)
  /// The file is not a whole JPEG.
  case notJPEG(name: String)
  /// A whole JPEG whose decode would break the memory bound (`reason`, the check's words):
  /// a progressive picture too large, or one in too many scans.
  case tooCostlyToDecode(name: String, reason: String)
  /// The file's content is not what the export document says it is.
  case checksumMismatch(name: String)
  /// The file a picture of the history names is not there.
  case missingFile(key: String, path: String)
  /// A peer's sidecar (`bing.json`, `*.metadata.json`) that cannot be read; its pictures still come.
  case invalidSidecar(name: String, detail: String)
}

extension TransferError: HintedError {
  package var hint: String? {
    guard case .notImportable = self else { return nil }
    return "give a bingwall export, a folder of JPEGs or a JPEG"
  }
}

extension TransferError: DescribedError {
  package var description: String {
    switch self {
    case .notImportable(let path):
      return "\(path) is neither a folder nor a file"
    case .documentTooLarge(let path, let limit):
      return "\(path) is larger than \(limit / 1_048_576) MiB, more than any export holds; not read"
    case .invalidDocument(let path, let detail):
      return "\(path) is not a bingwall export: \(detail)"
    case .invalidEntry(let index, let detail):
      return "picture \(index + 1) of the export refused: \(detail)"
    case .tooLarge(let name, let limit):
      return "\(name) is larger than \(limit / 1_048_576) MiB, more than any wallpaper; skipped"
    case .notARegularFile(let name):
      return "\(name) is not a regular file; skipped"
    case .unreadable(let name, let reason):
      return "cannot read \(name): \(reason); skipped"
    case .notJPEG(let name):
      return "not a JPEG: \(name)"
    case .tooCostlyToDecode(let name, let reason):
      return "\(name) \(reason); skipped; save it again as a baseline JPEG, or smaller, to import it"
    case .checksumMismatch(let name):
      return "\(name) does not match the sha256 its export gives (changed or damaged); skipped"
    case .missingFile(let key, let path):
      return "the file of \(key) is missing: \(path); skipped"
    case .invalidSidecar(let name, let detail):
      return "\(name) refused: \(detail); its pictures are imported without it"
    }
  }
}
