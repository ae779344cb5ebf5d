/// A rectangle of pixels inside a picture, from its top-left corner.
struct PixelRect: Hashable, Sendable {
  var x: Int
  var y: Int
  var width: Int
  var height: Int
}
