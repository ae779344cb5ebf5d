@testable import BingWallModel
@testable import BingWallSources
@testable import BingWallSystem

// libFuzzer entry for Windows Spotlight's items (`make fuzz`): each item of its answer is a
// JSON text inside a JSON string, read a second time. The input is that inner text, put in a
// whole body (`{"batchrsp":{"items":[{"item":"…"}]}}`) read as v4 and as v3, and twice in one
// body read as v4 (the second is the same picture again): any text must give pictures or a
// `SourceError`, never crash or recurse without bound; the pictures only what the history may
// hold: an id of at most 200 bytes with no space or control, https URLs of URL characters,
// texts on one line with no control. Seeds (fuzz/seeds/SpotlightItem): the items of the v3 and
// v4 bodies in Tests/Fixtures/sources/spotlight.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpotlightItem(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  let item = quoted(String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self))
  for (items, versions) in [([item], [SpotlightResponse.Version.v4, .v3]), ([item, item], [.v4])] {
    let body =
      "{\"batchrsp\":{\"ver\":\"1.0\",\"items\":["
      + items.map { "{\"item\":" + $0 + "}" }.joined(separator: ",") + "]}}"
    for version in versions {
      guard
        let response = try? SpotlightResponse.decode(Array(body.utf8), version: version, policy: .httpsOnly)
      else { continue }
      precondition(!response.pictures.isEmpty, "an answer without pictures")
      precondition(response.pictures.count + response.skipped.count == items.count, "an item lost")
      precondition(Set(response.pictures.map(\.id)).count == response.pictures.count, "a picture twice")
      for picture in response.pictures { check(picture) }
    }
  }
  return 0
}

/// `text` as a JSON string, quotes included.
func quoted(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}

func check(_ picture: SourcePicture) {
  precondition(picture.id.source == .spotlight && picture.date == nil, "not a Spotlight picture")
  let key = picture.id.key
  precondition(!key.isEmpty && key.utf8.count <= 200 && !key.contains(" "), "an id that is none: \(key)")
  precondition(!key.unicodeScalars.contains { TerminalText.isUnsafe($0.value) }, "an id with a control")
  for url in [picture.image] + [picture.portrait, picture.page, picture.licenceLink].compactMap({ $0 }) {
    precondition(url.text.lowercased().hasPrefix("https://"), "not https: \(url.text)")
    precondition(url.text.utf8.count <= RemoteURL.maximumLength, "a URL too long")
    precondition(
      url.text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && !"\"<>\\`{}|^".utf8.contains($0) },
      "a URL of other characters: \(url.text)")
  }
  let words = picture.words
  for text in [words.title, words.caption, words.credit, words.copyright, picture.description] {
    precondition(text == TerminalText.singleLine(text), "a text not on one line")
  }
  precondition(
    !words.copyrightLink.unicodeScalars.contains { TerminalText.isUnsafe($0.value) }, "a link with a control")
}
