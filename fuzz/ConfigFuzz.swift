import BingWallKit

// libFuzzer entry for the config file parser (`make fuzz`): any text must give a document or a
// `ConfigError` naming the file and line, never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
  _ = try? ConfigDocument(parsing: text, path: "fuzz.toml")
  return 0
}
