import BingWallSystem
import FoundationEssentials

extension ScreenPicture {
  /// The picture in `bytes` (a JPEG or PNG from someone else) made again as a `PlainJPEG` of at
  /// most `side` pixels a side: checked as every picture is before libvips sees a byte
  /// (`PictureInspector`), decoded through the same bounded loader, shrunk while decoding,
  /// encoded as a baseline JPEG without metadata, and checked as its receiver will check it.
  /// `name` is the name errors use.
  ///
  /// Run by the process that holds the bytes as their owner (the login screen's reader child,
  /// running as the user), never by root. libvips reads files by name, so the bytes go into an
  /// anonymous file in memory, sealed (`MemoryFile`): nothing on disk, no folder to write in,
  /// and the bytes decoded are the bytes checked.
  package static func plainJPEG(from bytes: Data, name: String, within side: Int) throws(ImageError)
    -> PlainJPEG
  {
    do {
      _ = try PictureInspector.inspect(bytes, path: name)
    } catch {
      throw .refused(error)
    }
    let file: MemoryFile
    do {
      file = try MemoryFile(bytes, name: "bingwall-picture")
    } catch {
      throw .write(error)
    }
    defer { withExtendedLifetime(file) {} }
    let image = try Image.whole(from: file.path, within: side)
    // Copied out: the encoded bytes are libvips's, freed when the closure returns.
    let encoded = try image.withEncodedJPEG(quality: 90) { (data) throws(ImageError) in
      data.withUnsafeBytes { Data($0) }
    }
    do {
      return try PlainJPEG(checking: encoded, within: side, path: name)
    } catch {
      throw .refused(error)
    }
  }
}
