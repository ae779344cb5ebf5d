import BingWallImage

// libFuzzer entry for the JPEG inspector (`make fuzz`): any bytes must give a size or an
// `ImageCheckError`, never crash or read outside the buffer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEGInspector(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  _ = try? JPEGInspector.inspect(UnsafeRawBufferPointer(start: data, count: count), path: "fuzz")
  return 0
}
