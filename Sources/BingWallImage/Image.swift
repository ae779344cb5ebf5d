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
  /// Every decode of a file starts here, so the memory bound is asked first (`checkDecodable`).
  static func open(jpeg path: String) throws(ImageError) -> Image {
    try checkDecodable(jpeg: path)
    let api = try VipsLibrary.api()
    var out: OpaquePointer?
    if let message = VipsLibrary.failure(
      of: { bw_vips_jpegload_sequential(api, path, &out) == 0 && out != nil }, api)
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

  /// The rule every decode asks before libvips sees a byte: the file is a whole JPEG whose decode
  /// holds at most `JPEGInspector.maximumDecodeBytes` (a progressive picture's coefficients) in
  /// at most `JPEGInspector.maximumScans` scans. A few `pread` calls for a baseline picture. A
  /// decode from bytes in memory asks the same of them, with `JPEGInspector.inspect(_:path:)`.
  static func checkDecodable(jpeg path: String) throws(ImageError) {
    do {
      _ = try JPEGInspector.inspect(fileAt: path)
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
