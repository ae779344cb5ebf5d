import BingWallSystem

/// The image library as a whole, for a caller that knows it will decode soon.
package enum ImageLibrary {
  /// Opens libvips on a thread of its own (about 25 ms of loading and relocating some 60
  /// libraries: `VipsLibrary`), so that the first picture decoded later finds it open. An update
  /// does this while the network answers; a library that cannot be opened says so at that first
  /// decode, as it would have.
  package static func openAhead() -> Overlapped<Void> {
    Overlapped { _ = try? VipsLibrary.api() }
  }
}
