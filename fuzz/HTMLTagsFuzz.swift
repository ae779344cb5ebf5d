@testable import BingWallSources
@testable import BingWallSystem

// libFuzzer entry for the reader of the HTML a feed carries (`make fuzz`): any fragment must
// give its tags, never crash or read outside it; at most `maximumTags` tags, each with a name
// of a tag's characters, at most `maximumAttributes` attributes, in order and inside the
// fragment; and the HTML inside a few `div`s and `a`s (as the feeds' readers take it), made plain
// text, one line with no control. Seeds (fuzz/seeds/HTMLTags): two days' boxes of the Commons
// feed in Tests/Fixtures/feeds and the old Earth Observatory feed's `content:encoded`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTMLTags(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  let html = HTMLTags(String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self))
  precondition(html.tags.count <= HTMLTags.maximumTags, "more tags than the limit")
  var previousEnd = 0
  for tag in html.tags {
    precondition(!tag.name.isEmpty && tag.name.utf8.count <= 32, "a tag name of \(tag.name.utf8.count) bytes")
    precondition(tag.name == tag.name.lowercased(), "a tag name not lower-cased: \(tag.name)")
    precondition(tag.attributes.count <= HTMLTags.maximumAttributes, "more attributes than the limit")
    precondition(
      previousEnd <= tag.start && tag.start < tag.end && tag.end <= html.bytes.count,
      "a tag out of order or outside the fragment")
    precondition(html.bytes[tag.start] == UInt8(ascii: "<"), "a tag that does not start at a <")
    previousEnd = tag.end
  }
  // The work of `inner` grows with the tags after its own: a few of them, as a feed's reader does.
  for tag in html.starts("div").prefix(4) + html.starts("a").prefix(4) {
    let text = PlainText.fromHTML(html.inner(tag))
    precondition(text == TerminalText.singleLine(text), "plain text not on one line")
    precondition(!text.unicodeScalars.contains { TerminalText.isUnsafe($0.value) }, "an unsafe character")
  }
  for tag in html.starts("img").prefix(4) {
    if let source = tag.attributes["src"] { _ = EarthObservatoryFeed.fullSize(source) }
  }
  return 0
}
