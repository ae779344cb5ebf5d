@testable import BingWallDesktop

// libFuzzer entry for the RON writer of cosmic-bg's entry (`make fuzz`). The input is a file's
// text, a NUL, then a picture path. What bingwall writes must read back as it was written: an
// entry it reads is rendered to the same fields, and the path it sets is the path read back,
// with no field added by the path's text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRONWriter(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  let parts = UnsafeBufferPointer(start: data, count: count).split(
    separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
  let text = String(decoding: parts[0], as: UTF8.self)
  let path = parts.count > 1 ? "/" + String(decoding: parts[1], as: UTF8.self) : "/pictures/a.jpg"
  let read = CosmicEntry.parse(text)
  if let read {
    precondition(CosmicEntry.parse(read.rendered) == read, "an entry read back differently")
  }
  guard let literal = CosmicEntry.literal(path) else { return 0 }
  var entry = read ?? CosmicEntry(fields: CosmicEntry.defaults)
  entry.show(literal: literal, scaling: "Zoom")
  let written = CosmicEntry.parse(entry.rendered)
  precondition(written == entry, "the entry written reads back differently")
  precondition(written?.picturePath == path, "the path written reads back differently")
  return 0
}
