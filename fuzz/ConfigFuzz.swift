import BingWallKit

// libFuzzer entry for the config file parser (`make fuzz`): any text must give a document or a
// `ConfigError` naming the file and line, never crash; read leniently (`config show`), and with
// each key it names taken out again (`config unset`), likewise.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
  _ = try? ConfigDocument(parsing: text, path: "fuzz.toml")
  let lenient = ConfigDocument.lenient(parsing: text, path: "fuzz.toml")
  for key in ConfigSchema.keys where !lenient.problems(of: key.name).isEmpty {
    var copy = lenient
    _ = try? copy.unset(key)
  }
  return 0
}
