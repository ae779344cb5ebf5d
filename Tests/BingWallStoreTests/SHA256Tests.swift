import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallStore
@testable import BingWallSystem

@Suite struct SHA256Tests {
  /// The examples of FIPS 180-4's companion document and NIST's short-message vectors.
  static let vectors: [(message: String, digest: String)] = [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
        + "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
  ]

  /// 190 bytes that are not all alike, so a byte lost or doubled at a split changes the digest.
  static let message: [UInt8] = (0..<190).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }

  static func digest(_ bytes: [UInt8]) -> String {
    var hasher = SHA256()
    bytes.withUnsafeBytes { hasher.update($0) }
    return SHA256.hex(hasher.finalize())
  }

  @Test(arguments: vectors)
  func knownMessagesGiveTheirPublishedDigests(message: String, digest: String) {
    var hasher = SHA256()
    hasher.update(Data(message.utf8))
    #expect(SHA256.hex(hasher.finalize()) == digest)
  }

  @Test func oneMillionTimesTheLetterA() {
    var hasher = SHA256()
    // In uneven pieces, so that the pending-block path is exercised on the way.
    let piece = Data(repeating: UInt8(ascii: "a"), count: 999)
    for _ in 0..<1000 { hasher.update(piece) }
    hasher.update(Data(repeating: UInt8(ascii: "a"), count: 1000))
    #expect(
      SHA256.hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test(arguments: 0...130)
  func splittingTheInputAnywhereGivesTheSameDigest(at split: Int) {
    var hasher = SHA256()
    Self.message.withUnsafeBytes { bytes in
      hasher.update(UnsafeRawBufferPointer(rebasing: bytes[..<split]))
      hasher.update(UnsafeRawBufferPointer(rebasing: bytes[split...]))
    }
    #expect(SHA256.hex(hasher.finalize()) == Self.digest(Self.message))
  }

  @Test func feedingOneByteAtATimeGivesTheSameDigest() {
    var hasher = SHA256()
    for byte in Self.message { hasher.update(Data([byte])) }
    #expect(SHA256.hex(hasher.finalize()) == Self.digest(Self.message))
  }

  @Test func finalizeStartsOverForTheNextMessage() {
    var hasher = SHA256()
    hasher.update(Data("first message".utf8))
    _ = hasher.finalize()
    hasher.update(Data("abc".utf8))
    #expect(SHA256.hex(hasher.finalize()) == Self.vectors[1].digest)
  }

  @Test func emptyUpdatesChangeNothing() {
    var hasher = SHA256()
    hasher.update(UnsafeRawBufferPointer(start: nil, count: 0))
    hasher.update(Data())
    hasher.update(Data("abc".utf8))
    hasher.update(Data())
    #expect(SHA256.hex(hasher.finalize()) == Self.vectors[1].digest)
  }

  @Test func digestsAre32BytesInLowerCaseHex() {
    var hasher = SHA256()
    let digest = hasher.finalize()
    #expect(digest.count == 32)
    #expect(digest.prefix(4) == [0xe3, 0xb0, 0xc4, 0x42])
    #expect(SHA256.hex([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
    #expect(SHA256.hex([]) == "")
  }

  /// Sizes around the padding (55/56 bytes), the block and the 1 MiB read-chunk boundaries.
  @Test(arguments: [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1 << 20, (1 << 20) + 1, 3 * (1 << 20) + 12_345])
  func fileDigestsMatchSha256sum(size: Int) throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("random.bin")
    // Seeded by the size: the same bytes in every run, so a failure can be run again.
    var generator = SeededGenerator(seed: UInt64(size))
    let bytes = Data((0..<size).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    try bytes.write(to: URL(fileURLWithPath: file))

    let reference = try ExternalTool.text(["sha256sum", file])
    let expected = try #require(reference.split(separator: " ").first.map(String.init))
    #expect(try SHA256.hash(fileAt: file) == expected)
    #expect(Self.digest(Array(bytes)) == expected)
  }

  @Test func aMissingFileIsAFileError() {
    #expect(throws: FileError.system(operation: "open", path: "/nonexistent/picture.jpg", errno: ENOENT)) {
      try SHA256.hash(fileAt: "/nonexistent/picture.jpg")
    }
    let error = FileError.system(operation: "open", path: "/nonexistent/picture.jpg", errno: ENOENT)
    #expect(error.description == "cannot open /nonexistent/picture.jpg: No such file or directory")
  }

  @Test func aFolderCannotBeRead() throws {
    let folder = try TemporaryDirectory()
    #expect(throws: FileError.system(operation: "read", path: folder.path, errno: EISDIR)) {
      try SHA256.hash(fileAt: folder.path)
    }
  }

  // MARK: The two engines

  /// `make deps` installs libcrypto (libssl3, which libcurl needs): on this machine the hash is
  /// libcrypto's, not the fallback.
  @Test func libcryptoIsTheEngineHere() {
    #expect(Libcrypto.functions != nil)
    #expect(LibcryptoSHA256() != nil)
  }

  /// The Swift fallback gives the published digests and libcrypto's on uneven pieces.
  @Test(arguments: vectors)
  func theFallbackGivesThePublishedDigests(message: String, digest: String) {
    var portable = PortableSHA256()
    Array(message.utf8).withUnsafeBytes { portable.update($0) }
    #expect(SHA256.hex(portable.finalize()) == digest)
  }

  @Test(arguments: [0, 1, 55, 64, 190, 100_003])
  func theFallbackAgreesWithLibcrypto(size: Int) {
    var generator = SeededGenerator(seed: UInt64(size))
    let bytes = (0..<size).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    var portable = PortableSHA256()
    bytes.withUnsafeBytes { raw in
      // Pieces of 1, 2, 3… bytes: every path through the pending block.
      var offset = 0
      var length = 1
      while offset < raw.count {
        let end = min(raw.count, offset + length)
        portable.update(UnsafeRawBufferPointer(rebasing: raw[offset..<end]))
        offset = end
        length += 1
      }
    }
    #expect(SHA256.hex(portable.finalize()) == Self.digest(bytes))
  }

  /// A copy hashes on independently: the libcrypto context is copied before either changes.
  @Test func aCopyHashesOnIndependently() {
    var original = SHA256()
    original.update(Data("ab".utf8))
    var copy = original
    copy.update(Data("c".utf8))
    original.update(Data("x".utf8))
    #expect(SHA256.hex(copy.finalize()) == Self.digest(Array("abc".utf8)))
    #expect(SHA256.hex(original.finalize()) == Self.digest(Array("abx".utf8)))
    // After finalize, a hasher starts over.
    copy.update(Data("abc".utf8))
    #expect(SHA256.hex(copy.finalize()) == Self.vectors[1].digest)
  }
}
