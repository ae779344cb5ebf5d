import FoundationEssentials
import Glibc

@testable import BingWallModel
@testable import BingWallSources
@testable import BingWallSystem

// libFuzzer entry for the time a feed takes to read (`make fuzz`): the input is a unit of text
// (its first 64 bytes: `&`, `&lt;`, `a<!---->`…), repeated to fill an Earth Observatory item's
// title and description, once to 16 KiB and once to 64 KiB, and each feed read whole (the XML
// reader, the entities and references, `PlainText`). The reading must stay linear in the size:
// the larger feed within `budgetPerByte` a byte, and within 8 times the smaller one's time (4
// times the bytes; a quadratic reading takes 16). Time is this thread's CPU time, so a busy
// machine does not count.

/// CPU seconds a byte of feed may take to read, at most: unoptimised code reads one in about
/// 0.5 µs, sanitised code in a few times that; the quadratic decoding took over 40 µs a byte at
/// 64 KiB there, and more the longer the text.
let budgetPerByte = 5e-6

/// The day the feeds are read on: every seed's day is plausible then.
let now = Date(timeIntervalSince1970: 1_796_000_000)

/// Below this, CPU time is too coarse to compare (a page fault, a timer tick).
let noise = 0.005

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLDecodeTime(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  let unit = Array(UnsafeBufferPointer(start: data, count: min(count, 64)))
  guard !unit.isEmpty else { return 0 }
  let small = feed(repeating: unit, bytes: 16 << 10)
  let large = feed(repeating: unit, bytes: 64 << 10)
  let smallTime = cpuSeconds { _ = try? EarthObservatoryFeed.decode(small, policy: .httpsOnly, at: now) }
  let largeTime = cpuSeconds { _ = try? EarthObservatoryFeed.decode(large, policy: .httpsOnly, at: now) }
  precondition(
    largeTime <= Double(large.count) * budgetPerByte + noise,
    "\(large.count) bytes read in \(largeTime) s: more than \(budgetPerByte) s a byte")
  precondition(
    largeTime <= 8 * smallTime + noise,
    "4 times the bytes took \(largeTime / max(smallTime, 1e-9)) times the time (\(smallTime) s, \(largeTime) s)"
  )
  return 0
}

/// A feed of one item whose title and description are `unit` over and over, `bytes` in all.
func feed(repeating unit: [UInt8], bytes: Int) -> [UInt8] {
  var text: [UInt8] = []
  text.reserveCapacity(bytes / 2 + unit.count)
  while text.count < bytes / 2 { text += unit }
  return Array("<rss><channel><item><title>".utf8) + text
    + Array(
      ("</title><link>https://science.nasa.gov/earth/earth-observatory/x/</link>"
        + "<pubDate>Fri, 02 Oct 2026 04:00:00 +0000</pubDate><description>").utf8) + text
    + Array(
      ("</description><media:content url=\"https://assets.science.nasa.gov/x.jpg\" medium=\"image\"/>"
        + "</item></channel></rss>").utf8)
}

/// This thread's CPU seconds in `body`.
func cpuSeconds(_ body: () -> Void) -> Double {
  var start = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
  body()
  var end = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
  return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
}
