import BingWallCLI
import BingWallCommands

// libFuzzer entry for the argument parser over the real command table (`make fuzz`): any words
// must parse or give a usage error, never crash. The input is split into words at NUL bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  let words = UnsafeBufferPointer(start: data, count: count).split(
    separator: 0, omittingEmptySubsequences: false
  )
  .map { String(decoding: $0, as: UTF8.self) }
  _ = try? CommandLineParser(root: BingWall.commandLine).parse(words)
  return 0
}
