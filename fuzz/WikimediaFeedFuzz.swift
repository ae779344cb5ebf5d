import FoundationEssentials

@testable import BingWallModel
@testable import BingWallSources
@testable import BingWallSystem

/// The instant every body is read at.
let now = Date(timeIntervalSince1970: 1_796_000_000)

// libFuzzer entry for Wikimedia Commons' picture-of-the-day RSS feed (`make fuzz`): any body
// must give the newest day's picture or a `SourceError`, never crash, hang or recurse without
// bound (the XML reader, the HTML of each day's box, the thumbnail's original). What it gives is
// only what the history may hold: a file title with no slash and no control, https URLs of URL
// characters, a day, texts with no terminal control.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWikimediaFeed(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  let body = Array(UnsafeBufferPointer(start: data, count: count))
  guard let feed = try? WikimediaFeed.decode(body, policy: .httpsOnly, at: now) else { return 0 }
  for refusal in feed.implausible {
    precondition(
      PlausibleDay.problem(refusal.day, from: .wikimedia, at: now) != nil, "a plausible day refused")
  }
  guard let (picture, width) = feed.picture else { return 0 }
  precondition(picture.id.source == .wikimedia, "another source's id")
  let key = picture.id.key
  // A title of at most 1,024 bytes, each escaped to at most three.
  precondition(
    key.hasPrefix("File:") && key.utf8.count > 5 && key.utf8.count <= 3 * 1024, "not a file title: \(key)")
  precondition(SourceKey.isSafe(key), "a key of other characters: \(key)")
  precondition(picture.date != nil, "a picture without its day")
  precondition(
    PlausibleDay.problem(picture.date!, from: .wikimedia, at: now) == nil, "a day it cannot have")
  // What a screen of any width downloads of it: the original or a standard thumbnail, https.
  for screen in [0, 1920, 8000] {
    let chosen = WikimediaThumbnail.bounded(
      original: picture.image, originalWidth: width, maximumWidth: screen, policy: .httpsOnly)
    precondition(chosen.text.lowercased().hasPrefix("https://"), "a thumbnail not https: \(chosen.text)")
  }
  if let page = picture.page {
    precondition(page.host == "commons.wikimedia.org", "a file page on another host: \(page.text)")
  }
  for url in [picture.image] + [picture.portrait, picture.page, picture.licenceLink].compactMap({ $0 }) {
    precondition(url.text.lowercased().hasPrefix("https://"), "not https: \(url.text)")
    precondition(url.text.utf8.count <= RemoteURL.maximumLength, "a URL too long")
    precondition(
      url.text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && !"\"<>\\`{}|^".utf8.contains($0) },
      "a URL of other characters: \(url.text)")
  }
  let words = picture.words
  for text in [
    words.title, words.caption, words.credit, words.copyright, words.copyrightLink, picture.description,
    picture.licence,
  ] {
    precondition(!text.unicodeScalars.contains { TerminalText.isUnsafe($0.value) }, "an unsafe character")
  }
  for text in [words.title, words.caption] {
    precondition(text == TerminalText.singleLine(text), "a title or caption not on one line")
  }
  return 0
}
