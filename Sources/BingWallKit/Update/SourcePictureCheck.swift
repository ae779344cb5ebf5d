import BingWallImage
import BingWallModel
import BingWallNet
import BingWallStore
import BingWallSystem
import FoundationEssentials

/// A source's picture as it came down, checked whole and ready to be named: the JPEG file (the
/// one made from a PNG, which the download's file then gives way to), its hash, size and pixels.
///
/// Unchecked Sendable: made on a source's thread and handed over once, whole, to the update's
/// (`SourceAnswer.fetched`); no two threads ever hold its file.
struct CheckedSourceFile: @unchecked Sendable {
  var file: PendingImageFile
  var sha256: String
  var bytes: Int64
  var width: Int
  var height: Int

  /// Drops the file when it was not named (a failure after the check).
  func discard() { file.discard() }
}

/// What a source's picture must be before it gets a name, as Bing's must: status 200, an image
/// Content-Type (APOD's `hdurl` has led to HTML pages), and a whole JPEG or PNG within the
/// decoder's bounds (`PictureConversion.inspect`). A PNG is made into a JPEG, through the same
/// bounded loader, so the history keeps one format.
enum SourcePictureCheck {
  static func check(
    _ response: Result<HTTPResponse, NetError>, file: PendingImageFile, digest: SHA256Observer,
    source: Source,
    url: String, folder: ImageFolder
  ) throws(SourcePictureFailure) -> CheckedSourceFile {
    let failed = { (problem: String, temporary: Bool) in
      SourcePictureFailure(source: source, url: url, problem: problem, temporary: temporary)
    }
    let http: HTTPResponse
    switch response {
    case .failure(let error):
      throw SourcePictureFailure(
        source: source, url: url, problem: "", temporary: error.isTemporary, transport: error)
    case .success(let value): http = value
    }
    if HTTPResponse.isTemporaryFailure(status: http.status) { throw failed("HTTP \(http.status)", true) }
    guard http.status == 200 else { throw failed("HTTP \(http.status)", false) }
    let type = http.header("Content-Type") ?? "none"
    guard type.lowercased().hasPrefix("image/") else {
      throw failed("not a picture (Content-Type \(TerminalText.quoted(type, limit: 40)))", false)
    }
    let found: (isPNG: Bool, width: Int, height: Int)
    do {
      found = try PictureConversion.inspect(fileAt: file.readablePath)
    } catch {
      throw failed("the file \(error.reason)", false)
    }
    guard found.isPNG else {
      return CheckedSourceFile(
        file: file, sha256: digest.hexDigest(), bytes: http.bodyBytes, width: found.width,
        height: found.height)
    }
    do {
      return try jpeg(fromPNG: file, folder: folder)
    } catch {
      throw failed("cannot make a JPEG of the PNG: \(error)", false)
    }
  }

  /// The PNG in `png` as a JPEG in a new file of the image folder (no larger than
  /// `PictureConversion.maximumSide`), hashed as it is written.
  private static func jpeg(fromPNG png: PendingImageFile, folder: ImageFolder) throws -> CheckedSourceFile {
    let jpeg = try folder.pendingFile()
    let path = folder.path
    let (sha256, bytes, width, height) = try PictureConversion.withJPEG(fromPictureAt: png.readablePath) {
      (data, width, height) throws(ImageError) -> (String, Int64, Int, Int) in
      let written = data.withUnsafeBytes { raw in
        Result { () throws(Errno) in try Syscall.writeAll(jpeg.fileDescriptor, raw) }
      }
      if case .failure(let error) = written {
        throw .write(FileError.system(operation: "write", path: path, errno: error.code))
      }
      var hash = SHA256()
      data.withUnsafeBytes { hash.update($0) }
      return (SHA256.hex(hash.finalize()), Int64(data.count), width, height)
    }
    png.discard()
    return CheckedSourceFile(file: jpeg, sha256: sha256, bytes: bytes, width: width, height: height)
  }
}
