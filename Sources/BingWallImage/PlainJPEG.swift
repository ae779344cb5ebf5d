import FoundationEssentials

/// A JPEG that may be published by copying its bytes, without decoding them: what root accepts
/// as the login screen's picture from a process running as a user (`LoginScreen`).
///
/// The one way to make one is `init(checking:within:path:)`, which decodes nothing: it walks the
/// markers (`JPEGInspector.inspectPlain`) and requires a whole baseline JPEG (SOF0, one
/// interleaved scan, the bound every decoder streams through), no side over the bound given,
/// and nothing after its end-of-image marker. A function that takes a `PlainJPEG` can then only
/// have been handed bytes that passed, and has nothing to decode: this file does not import
/// libvips, and root's side of the login screen calls nothing that does.
package struct PlainJPEG: Sendable, Equatable {
  package let bytes: Data
  package let width: Int
  package let height: Int

  /// Checks `bytes`; `path` is the name errors use.
  package init(checking bytes: Data, within side: Int, path: String) throws(ImageCheckError) {
    let info = try JPEGInspector.inspectPlain(bytes, path: path, within: side)
    self.bytes = bytes
    width = info.width
    height = info.height
  }
}
