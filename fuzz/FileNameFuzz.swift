@testable import BingWallKit
@testable import BingWallSystem

// libFuzzer entry for the file-name reader of `import` (`make fuzz`): any name must give a
// `NamedPicture`, never crash; its date is a real date, its id Bing's shape, and the key made
// from its name only of key characters.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFileName(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  let name = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
  for fileName in [name, name + ".jpg"] {
    let named = FileNameScheme.read(fileName)
    if let date = named.date {
      precondition(CalendarDate(parsing: date)?.description == date, "a date that is none: \(date)")
    }
    if let bingID = named.bingID { precondition(bingID.hasPrefix("OHR."), "an id without OHR.: \(bingID)") }
    let key = PictureKey.key(forName: named.name)
    precondition(
      key.unicodeScalars.dropFirst(4).allSatisfy(PictureKey.isKeyCharacter), "a key of other characters")
    _ = named.isPortrait
    _ = FileNameScheme.hasJPEGExtension(fileName)
  }
  return 0
}
