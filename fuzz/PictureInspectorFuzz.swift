import BingWallImage

// libFuzzer entry for the picture check (`make fuzz`): the format sniff, then the JPEG or PNG
// inspector. Any bytes must give a size or an `ImageCheckError`, never crash, read outside the
// buffer or run unbounded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPictureInspector(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  _ = try? PictureInspector.inspect(UnsafeRawBufferPointer(start: data, count: count), path: "fuzz")
  return 0
}
