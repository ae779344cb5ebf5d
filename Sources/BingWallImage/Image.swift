import CVips

/// A libvips image (`VipsImage`): a picture, or the recipe of one that libvips computes when it
/// is saved or measured. Unreferenced with its owner.
///
/// Each operation returns a new image and leaves its input as it was, so one screen-sized
/// picture can feed its dark, lock and caption variants. `@unchecked Sendable`: a `VipsImage`
/// is never changed once built, and libvips computes one from any thread.
/// https://www.libvips.org/API/8.14/VipsImage.html
final class Image: @unchecked Sendable {
  let handle: OpaquePointer
  let api: UnsafePointer<bw_vips_api>
  /// The file the picture came from, which every error names.
  let source: String
  /// Its pixels are computed and held in memory (`inMemory`), not a recipe.
  let isComputed: Bool

  init(handle: OpaquePointer, api: UnsafePointer<bw_vips_api>, source: String, isComputed: Bool = false) {
    self.handle = handle
    self.api = api
    self.source = source
    self.isComputed = isComputed
  }

  deinit {
    api.pointee.object_unref(UnsafeMutableRawPointer(handle))
  }

  /// The largest side accepted, as the image folder's (`JPEGInspector`'s): beyond any screen,
  /// and what a picture from Bing can be.
  static let maximumSide = JPEGInspector.maximumSide

  var width: Int { Int(api.pointee.image_get_width(handle)) }
  var height: Int { Int(api.pointee.image_get_height(handle)) }
  var size: PixelSize { PixelSize(width: width, height: height) }
  var bands: Int { Int(api.pointee.image_get_bands(handle)) }

  /// The JPEG at `path`, of which only the header is read now; its pixels are read once, top
  /// to bottom, by the first operation that needs them, which fails if the file is cut short.
  /// For the pictures bingwall made itself; a picture from elsewhere is opened with
  /// `open(picture:)`, which takes a PNG too.
  static func open(jpeg path: String) throws(ImageError) -> Image {
    try load(path, try checkDecodable(jpeg: path))
  }

  /// The JPEG or PNG at `path`, as `open(jpeg:)` opens a JPEG. Every decode of a file starts
  /// here or there, so the memory bound is asked first (`checkDecodable`).
  static func open(picture path: String) throws(ImageError) -> Image {
    try load(path, try checkDecodable(picture: path))
  }

  /// The picture at `path`, checked already as `info`, opened by its format's loader with the
  /// same limits: read once top to bottom, failing when it is cut short.
  static func load(_ path: String, _ info: PictureInfo) throws(ImageError) -> Image {
    let api = try VipsLibrary.api()
    var out: OpaquePointer?
    if let message = VipsLibrary.failure(
      of: {
        let status =
          switch info.format {
          case .jpeg: bw_vips_jpegload_sequential(api, path, &out)
          case .png: bw_vips_pngload_sequential(api, path, &out)
          }
        return status == 0 && out != nil
      }, api)
    {
      throw .operation(operation: "open", path: path, message: message)
    }
    guard let out else { throw .operation(operation: "open", path: path, message: "libvips gave no image") }
    let image = Image(handle: out, api: api, source: path)
    guard image.width <= maximumSide, image.height <= maximumSide else {
      throw .tooLarge(path: path, width: image.width, height: image.height, limit: maximumSide)
    }
    return image
  }

  /// The rule every decode asks before libvips sees a byte: the file is a whole JPEG or PNG
  /// (`PictureInspector`) whose decode keeps to the memory bound: at most
  /// `JPEGInspector.maximumDecodeBytes` held (a progressive JPEG's coefficients, an interlaced
  /// PNG's bitmap) in at most `JPEGInspector.maximumScans` scans, and a PNG's bitmap at most
  /// `PNGInspector.maximumDecodedBytes`. A few `pread` calls for a baseline JPEG; a PNG is read
  /// once for its checksums. A decode from bytes in memory asks the same of them, with
  /// `PictureInspector.inspect(_:path:)`.
  @discardableResult
  static func checkDecodable(picture path: String) throws(ImageError) -> PictureInfo {
    do {
      return try PictureInspector.inspect(fileAt: path)
    } catch {
      throw .refused(error)
    }
  }

  /// The same rule for a JPEG alone: anything else is refused as not a JPEG.
  @discardableResult
  static func checkDecodable(jpeg path: String) throws(ImageError) -> PictureInfo {
    do {
      let info = try JPEGInspector.inspect(fileAt: path)
      return PictureInfo(format: .jpeg, width: info.width, height: info.height)
    } catch {
      throw .refused(error)
    }
  }

  /// The image `call` makes from this one (or from nothing), or the error naming `operation`.
  func derived(_ operation: String, _ call: (UnsafeMutablePointer<OpaquePointer?>) -> Int32)
    throws(ImageError) -> Image
  {
    try Self.made(operation, api: api, source: source, call)
  }

  static func made(
    _ operation: String, api: UnsafePointer<bw_vips_api>, source: String,
    _ call: (UnsafeMutablePointer<OpaquePointer?>) -> Int32
  ) throws(ImageError) -> Image {
    var out: OpaquePointer?
    if let message = VipsLibrary.failure(of: { call(&out) == 0 && out != nil }, api) {
      throw .operation(operation: operation, path: source, message: message)
    }
    guard let out else {
      throw .operation(operation: operation, path: source, message: "libvips gave no image")
    }
    return Image(handle: out, api: api, source: source)
  }

  /// The image computed into memory now: what is read several times (a screen's picture and
  /// its variants) is decoded once, and a damaged file fails here.
  /// An image computed already is itself: a second copy would only double its memory.
  func inMemory(_ operation: String) throws(ImageError) -> Image {
    if isComputed { return self }
    var copy: OpaquePointer?
    if let message = VipsLibrary.failure(
      of: {
        copy = api.pointee.image_copy_memory(handle)
        return copy != nil
      }, api)
    {
      throw .operation(operation: operation, path: source, message: message)
    }
    guard let copy else {
      throw .operation(operation: operation, path: source, message: "libvips gave no image")
    }
    return Image(handle: copy, api: api, source: source, isComputed: true)
  }
}
