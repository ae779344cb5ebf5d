import Foundation
import Synchronization
import Testing

@testable import BingWallSystem

/// Real, decodable JPEG pictures for tests and the fake Bing server, made by ImageMagick.
///
/// `convert` runs once per distinct size and colour in a test run; the result stays in memory, so
/// suites can ask for the same picture often and in parallel. `padTo` grows a picture with comment
/// segments to the size of a real UHD download (3–5 MB) for benchmarks, without changing what it
/// decodes to.
package enum TestJPEG {
  /// One picture per key; its own lock lets different pictures be made at the same time while a
  /// second request for the same one waits for the first instead of running `convert` again.
  private final class Entry: Sendable {
    let data = Locked<Data?>(nil)
  }

  private struct Key: Hashable {
    var width: Int
    var height: Int
    var colour: String
  }

  private static let entries = Locked<[Key: Entry]>([:])

  /// The largest payload of one COM segment: its length field counts itself and stops at 65535.
  package static let maximumCommentPayload = 65533

  /// A `width`×`height` baseline JPEG of one `colour`, at least `bytes` long when `padTo` is given.
  package static func make(width: Int, height: Int, colour: String = "#3366cc", padTo bytes: Int? = nil)
    throws
    -> Data
  {
    let key = Key(width: width, height: height, colour: colour)
    let entry = entries.withLock { entries in
      if let entry = entries[key] { return entry }
      let entry = Entry()
      entries[key] = entry
      return entry
    }
    let picture = try entry.data.withLock { cached in
      if let cached { return cached }
      let made = try convert(key)
      cached = made
      return made
    }
    guard let bytes else { return picture }
    return padded(picture, to: bytes)
  }

  private static func convert(_ key: Key) throws -> Data {
    let folder = try TemporaryDirectory()
    let file = folder.file("picture.jpg")
    try ExternalTool.run(["convert", "-size", "\(key.width)x\(key.height)", "xc:\(key.colour)", file])
    return try Data(contentsOf: URL(fileURLWithPath: file))
  }

  /// A `width`×`height` progressive JPEG of one `colour` (SOF2, ImageMagick's `-interlace JPEG`).
  package static func progressive(width: Int, height: Int, colour: String = "#3366cc") throws -> Data {
    let folder = try TemporaryDirectory()
    let file = folder.file("progressive.jpg")
    try ExternalTool.run([
      "convert", "-size", "\(width)x\(height)", "xc:\(colour)", "-interlace", "JPEG", file,
    ])
    return try Data(contentsOf: URL(fileURLWithPath: file))
  }

  /// Whether `jpeg`'s frame header is SOF0, baseline: the first SOFn marker before the first scan.
  package static func isBaseline(_ jpeg: Data) -> Bool {
    let bytes = [UInt8](jpeg)
    var offset = 2
    while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
      let code = bytes[offset + 1]
      if code == 0xDA { return false }
      if (0xC0...0xCF).contains(code), ![0xC4, 0xC8, 0xCC].contains(code) { return code == 0xC0 }
      offset += 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
    }
    return false
  }

  /// `picture` with COM segments after SOI adding up to `size - picture.count` bytes.
  ///
  /// Exact whenever at least 4 bytes are missing; with 1 to 3 missing, one empty segment makes it
  /// a little larger, because a segment cannot be shorter than its marker and length.
  package static func padded(_ picture: Data, to size: Int) -> Data {
    var missing = size - picture.count
    guard missing > 0 else { return picture }
    let largestSegment = 4 + maximumCommentPayload
    let segments = (missing + largestSegment - 1) / largestSegment
    var padding = Data()
    padding.reserveCapacity(missing + 4)
    let filler = Array("bingwall test padding. ".utf8)
    let text = Data((0..<maximumCommentPayload).map { filler[$0 % filler.count] })
    for index in 0..<segments {
      // Share the bytes out evenly so that no segment ends up shorter than 4 bytes.
      let share = max(4, missing / (segments - index))
      missing -= share
      let payload = share - 4
      padding.append(contentsOf: [0xFF, 0xFE, UInt8((payload + 2) >> 8), UInt8((payload + 2) & 0xFF)])
      padding.append(text.prefix(payload))
    }
    var result = Data(picture.prefix(2))
    result.append(padding)
    result.append(picture.dropFirst(2))
    return result
  }

  /// `picture` with one COM segment holding `text` after SOI: the same image, other bytes, so
  /// that many pictures can be served from one `convert` without looking like one placeholder.
  package static func tagged(_ picture: Data, with text: String) -> Data {
    let payload = Array(text.utf8.prefix(maximumCommentPayload))
    var result = Data(picture.prefix(2))
    result.append(contentsOf: [
      0xFF, 0xFE, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF),
    ])
    result.append(contentsOf: payload)
    result.append(picture.dropFirst(2))
    return result
  }

  /// `jpeg` with its frame header declaring `width`x`height`.
  package static func declaring(_ width: Int, _ height: Int, _ jpeg: Data) -> Data {
    var bytes = [UInt8](jpeg)
    for index in 0..<(bytes.count - 9) where bytes[index] == 0xFF && (0xC0...0xC2).contains(bytes[index + 1])
    {
      bytes[index + 5] = UInt8(height >> 8)
      bytes[index + 6] = UInt8(height & 0xFF)
      bytes[index + 7] = UInt8(width >> 8)
      bytes[index + 8] = UInt8(width & 0xFF)
      break
    }
    return Data(bytes)
  }

  /// Where the frame header of a baseline picture starts; its length follows the two marker bytes.
  package static func frameHeaderOffset(_ bytes: [UInt8]) throws -> Int {
    let offset = try #require(bytes.indices.dropLast().first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
    // Length 17: precision, height, width, three components of three bytes each.
    try #require(bytes[offset + 2] == 0x00 && bytes[offset + 3] == 0x11)
    return offset
  }
}
