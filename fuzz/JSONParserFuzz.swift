import BingWallSystem

// libFuzzer entry for the JSON parser (archive bodies, export documents, desktop tools) (`make fuzz`): any bytes must parse or throw
// `SyntaxError`, never crash, hang or recurse without bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  _ = try? JSONParser.parse(bytes)
  return 0
}
