import FoundationEssentials

@testable import BingWallModel
@testable import BingWallSources
@testable import BingWallSystem

/// The instant every body is read at.
let now = Date(timeIntervalSince1970: 1_796_000_000)

// libFuzzer entry for NASA Earth Observatory's RSS feed (`make fuzz`): any body must give one
// picture or a `SourceError`, never crash, hang or recurse without bound (the XML reader, the
// feed's items, the HTML of `content:encoded`). What it gives is only what the history may hold:
// https URLs of URL characters, a key of the characters a file name keeps, texts on one line
// with no terminal control.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEarthObservatoryFeed(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  let body = Array(UnsafeBufferPointer(start: data, count: count))
  guard let feed = try? EarthObservatoryFeed.decode(body, policy: .httpsOnly, at: now) else { return 0 }
  for refusal in feed.implausible {
    precondition(
      PlausibleDay.problem(refusal.day, from: .earthObservatory, at: now) != nil, "a plausible day refused")
  }
  guard let picture = feed.picture else { return 0 }
  if let day = picture.date {
    precondition(PlausibleDay.problem(day, from: .earthObservatory, at: now) == nil, "a day it cannot have")
  }
  precondition(picture.id.source == .earthObservatory, "another source's id")
  let key = picture.id.key
  precondition(
    !key.isEmpty && key.utf8.count <= EarthObservatoryFeed.maximumKeyLength, "a key too long: \(key)")
  precondition(
    key.utf8.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || "-_.".utf8.contains(byte)
    }, "a key of other characters: \(key)")
  precondition(!key.hasPrefix(".") && !key.hasPrefix("-"), "a key that starts with . or -: \(key)")
  checkURLs(picture)
  checkTexts(picture)
  return 0
}

/// Every URL of the picture: https, printable ASCII without quotes or brackets, bounded.
func checkURLs(_ picture: SourcePicture) {
  for url in [picture.image] + [picture.portrait, picture.page, picture.licenceLink].compactMap({ $0 }) {
    precondition(url.text.lowercased().hasPrefix("https://"), "not https: \(url.text)")
    precondition(url.text.utf8.count <= RemoteURL.maximumLength, "a URL too long")
    precondition(
      url.text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && !"\"<>\\`{}|^".utf8.contains($0) },
      "a URL of other characters: \(url.text)")
  }
}

/// Every text of the picture: no control character, no line break, no bidi control.
func checkTexts(_ picture: SourcePicture) {
  let words = picture.words
  for text in [
    words.title, words.caption, words.credit, words.copyright, words.copyrightLink, picture.description,
    picture.licence,
  ] {
    precondition(!text.unicodeScalars.contains { TerminalText.isUnsafe($0.value) }, "an unsafe character")
  }
}
