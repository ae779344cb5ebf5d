import BingWallDesktop
import BingWallImage
import BingWallSystem
import Glibc

/// The screens' own pictures: a file cut (or letterboxed) to one screen's exact size with
/// libvips, kept in `$XDG_CACHE_HOME/bingwall/screens/` and made once.
///
/// A made file is named for its source (the file name's safe letters, and a hash of its path,
/// size and change time, so an edited file is made again), the screen's size and the fit:
/// `20261201_OHR.Lake_en-US-1a2b3c4d-2560x1440-crop.jpg`. The names are bingwall's own letters,
/// so sway's command parser takes them. They are never in the history and never exported; the
/// oldest go first beyond `maximumSize`.
struct ScreenPictures: Sendable {
  let folder: String
  /// Nil: no limit.
  let maximumSize: ByteCount?

  /// `output`'s picture of `source` for `mode` (`fit` letterboxes, anything else crops).
  func make(from source: String, for output: Output, mode: WallpaperMode) -> Result<
    String, WallpaperApplier.ScreenProblem
  > {
    let fit: ScreenPicture.Fit = mode == .fit ? .letterbox : .crop
    var status = stat()
    guard stat(source, &status) == 0 else {
      return .failure(.init(FileError.system(operation: "read", path: source, errno: errno).description))
    }
    let identity = "\(source)\0\(status.st_size)\0\(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
    let path =
      "\(folder)/\(Self.stem(of: source))-\(Self.hash(identity))-\(output.sizeText)-\(fit.rawValue).jpg"
    if access(path, R_OK) == 0 {
      // Used again: newest for the size bound, which removes the oldest first.
      _ = utimensat(AT_FDCWD, path, nil, 0)
      return .success(path)
    }
    do {
      try Paths.ensureDirectory(folder)
    } catch {
      return .failure(.init(error.description))
    }
    do {
      try ScreenPicture.make(from: source, width: output.width, height: output.height, fit: fit, to: path)
    } catch {
      return .failure(.init(error.description))
    }
    trim(keeping: path)
    return .success(path)
  }

  /// The file name without its folder and extension, every byte but ASCII letters, digits and
  /// `._-` made `_`, at most 80 of them.
  static func stem(of path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? "picture"
    let base = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
    let safe = base.utf8.prefix(80).map { byte -> Character in
      let isSafe =
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)
        || byte == 0x2e || byte == 0x5f || byte == 0x2d
      return isSafe ? Character(Unicode.Scalar(byte)) : "_"
    }
    return safe.isEmpty ? "picture" : String(safe)
  }

  /// FNV-1a of the text, 8 hex digits: tells two sources of one stem apart, not a secret.
  static func hash(_ text: String) -> String {
    var value: UInt32 = 0x811c_9dc5
    for byte in text.utf8 { value = (value ^ UInt32(byte)) &* 0x0100_0193 }
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: 8 - hex.count) + hex
  }

  /// Removes the oldest made files (by modification time, which reuse refreshes) until the
  /// folder is under `maximumSize`; never `keeping`, the file just made. Only our own names
  /// (`….jpg`, no temporary file of `AtomicFile`'s) are counted and removed.
  func trim(keeping: String) {
    guard let maximumSize, let listing = try? FolderListing.read(folder) else { return }
    var files: [(path: String, size: Int64, time: Int)] = []
    for name in listing.names where name.hasSuffix(".jpg") && !name.hasPrefix(".") {
      var status = stat()
      let path = "\(folder)/\(name)"
      guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
      files.append((path, Int64(status.st_size), status.st_mtim.tv_sec))
    }
    var total = files.reduce(0) { $0 + $1.size }
    for file in files.sorted(by: { $0.time < $1.time }) where total > maximumSize.bytes {
      guard file.path != keeping, unlink(file.path) == 0 else { continue }
      total -= file.size
    }
  }

  /// Removes every picture made from one of `sources` (prune, after their files went). The folder
  /// is listed once, however many sources; a name counts only in the exact form `make` writes,
  /// `STEM-HASH-WxH-FIT.jpg`, so no other file is touched.
  func remove(madeFrom sources: [String]) {
    guard !sources.isEmpty, let listing = try? FolderListing.read(folder) else { return }
    let stems = Set(sources.map(Self.stem(of:)))
    for name in listing.names {
      guard let stem = Self.sourceStem(ofMade: name), stems.contains(stem) else { continue }
      unlink("\(folder)/\(name)")
    }
  }

  /// The source's stem of a name `make` wrote; nil for any other name.
  static func sourceStem(ofMade name: String) -> String? {
    guard name.hasSuffix(".jpg") else { return nil }
    let parts = name.dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count >= 4 else { return nil }
    let hash = parts[parts.count - 3]
    let size = parts[parts.count - 2].split(separator: "x")
    let fit = parts[parts.count - 1]
    guard hash.count == 8, hash.allSatisfy(\.isHexDigit), size.count == 2,
      size.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      ScreenPicture.Fit(rawValue: String(fit)) != nil
    else { return nil }
    return parts.dropLast(3).joined(separator: "-")
  }
}
