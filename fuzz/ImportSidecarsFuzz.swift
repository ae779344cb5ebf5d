@testable import BingWallKit
@testable import BingWallSystem

// libFuzzer entry for the sidecars `import` reads beside a folder's pictures (`make fuzz`): any
// bytes, read as the GNOME extension's `bing.json` and as Variety's `NAME.metadata.json`, must
// give what they know or a `TransferError`, never crash; and what they know is only what the
// history may hold: keys of key characters, texts cleaned and bounded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportSidecars(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  var sidecars = ImportSidecars()
  for name in [
    ImportSidecars.gnomeName, "20260105-Lake_EN-US1234567890_UHD.jpg.metadata.json",
    "OHR.Fox_ROW123_1920x1080.jpg.partial.metadata.json",
  ] {
    guard let root = try? ImportSidecars.json(bytes, name: name) else { return 0 }
    sidecars.add(root, from: name)
  }
  for (key, known) in sidecars.known {
    precondition(key == known.key && key.hasPrefix("OHR."), "a key not of its picture: \(key)")
    precondition(
      key.unicodeScalars.dropFirst(4).allSatisfy(PictureKey.isKeyCharacter), "a key of other characters")
    for (market, words) in known.byMarket {
      precondition(market.isEmpty || LanguageRegionCode.normalised(market) != nil || market == "ROW", market)
      for text in [words.title, words.caption, words.credit, words.copyright, words.copyrightLink] {
        precondition(text.count <= 2000, "a text longer than 2,000 characters")
        precondition(!text.unicodeScalars.contains { TerminalText.isUnsafe($0.value) }, "an unsafe character")
      }
      precondition(words.urlbase.count <= 300, "a urlbase longer than 300 characters")
      if let date = words.date {
        precondition(CalendarDate(parsing: date)?.description == date, "a date that is none: \(date)")
      }
      _ = sidecars.picture(onDate: words.date ?? "2026-01-05", market: market)
    }
    _ = known.words(market: "en-US")
    _ = sidecars.picture(key: key)
  }
  return 0
}
