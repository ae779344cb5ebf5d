import FoundationEssentials
import Glibc

/// SHA-256 (FIPS 180-4) in Swift: what `SHA256` uses when libcrypto cannot be loaded.
///
/// About five times slower than libcrypto, which uses the CPU's SHA extensions where it has
/// them; kept so that a machine without libcrypto still hashes correctly, and tested against
/// libcrypto and the published vectors. The hot path works on raw 64-byte blocks straight from
/// the caller's buffer. See https://csrc.nist.gov/pubs/fips/180-4/upd1/final, sections 4.1.2, 4.2.2,
/// 5.1.1, 6.2.
struct PortableSHA256: Sendable {
  /// The eight working words H0…H7 (section 5.3.3 gives their start values).
  private typealias State = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

  /// Room for one 64-byte block; a tuple keeps it inline, without a heap allocation per hasher.
  private typealias Block = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

  private static let blockSize = 64

  /// First 32 bits of the fractional parts of the cube roots of the first 64 primes (4.2.2).
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  /// First 32 bits of the fractional parts of the square roots of the first 8 primes (5.3.3).
  private static let initialState: State = (
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
  )

  private var state: State = PortableSHA256.initialState
  /// Bytes of an incomplete block, waiting for the next `update` or for `finalize`.
  private var pending: Block = (0, 0, 0, 0, 0, 0, 0, 0)
  private var pendingCount = 0
  /// Message length so far in bytes; the padding needs it in bits, modulo 2^64.
  private var length: UInt64 = 0

  init() {}

  /// Adds `bytes` to the message.
  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard var input = bytes.baseAddress, bytes.count > 0 else { return }
    var remaining = bytes.count
    length &+= UInt64(truncatingIfNeeded: remaining)

    if pendingCount > 0 {
      let taken = min(Self.blockSize - pendingCount, remaining)
      let filled = pendingCount
      withUnsafeMutableBytes(of: &pending) { block in
        (block.baseAddress! + filled).copyMemory(from: input, byteCount: taken)
      }
      pendingCount += taken
      input += taken
      remaining -= taken
      guard pendingCount == Self.blockSize else { return }
      // A local copy, so that reading the block does not overlap the write to `state`.
      var block = pending
      withUnsafeBytes(of: &block) { compress($0.baseAddress!, blocks: 1) }
      pendingCount = 0
    }

    let wholeBlocks = remaining / Self.blockSize
    if wholeBlocks > 0 {
      compress(input, blocks: wholeBlocks)
      input += wholeBlocks * Self.blockSize
      remaining -= wholeBlocks * Self.blockSize
    }

    if remaining > 0 {
      let rest = remaining
      withUnsafeMutableBytes(of: &pending) { $0.baseAddress!.copyMemory(from: input, byteCount: rest) }
      pendingCount = remaining
    }
  }

  /// Pads the message (5.1.1) and returns its 32-byte digest.
  ///
  /// The hasher then starts over, as if new, so a value can be reused for the next message.
  mutating func finalize() -> [UInt8] {
    // One block when the 0x80 byte and the 8-byte length still fit after the pending bytes, else two.
    var tail: (Block, Block) = ((0, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0))
    let count = pendingCount
    let blocks = count + 1 + 8 <= Self.blockSize ? 1 : 2
    let bitLength = length &* 8
    var block = pending
    withUnsafeMutableBytes(of: &tail) { tail in
      withUnsafeBytes(of: &block) { tail.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: count) }
      tail[count] = 0x80
      tail.storeBytes(of: bitLength.bigEndian, toByteOffset: blocks * Self.blockSize - 8, as: UInt64.self)
    }
    withUnsafeBytes(of: &tail) { compress($0.baseAddress!, blocks: blocks) }

    var digest = [UInt8](repeating: 0, count: 32)
    let words = state
    digest.withUnsafeMutableBytes { out in
      withUnsafeBytes(of: words) { words in
        for index in 0..<8 {
          let word = words.load(fromByteOffset: index * 4, as: UInt32.self)
          out.storeBytes(of: word.bigEndian, toByteOffset: index * 4, as: UInt32.self)
        }
      }
    }
    self = PortableSHA256()
    return digest
  }

  // MARK: - Compression (6.2.2)

  /// Runs the compression function over `blocks` consecutive 64-byte blocks at `input`.
  ///
  /// The constants and the message schedule are reached through raw pointers set up once per
  /// call, not once per block, so the inner loops have no bounds checks or reference counting.
  @inline(__always)
  private mutating func compress(_ input: UnsafeRawPointer, blocks: Int) {
    Self.roundConstants.withUnsafeBufferPointer { constants in
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
        let k = constants.baseAddress!
        let w = schedule.baseAddress!
        var (h0, h1, h2, h3, h4, h5, h6, h7) = state
        var block = input
        for _ in 0..<blocks {
          for t in 0..<16 {
            w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t &* 4, as: UInt32.self))
          }
          for t in 16..<64 {
            w[t] = Self.smallSigma1(w[t &- 2]) &+ w[t &- 7] &+ Self.smallSigma0(w[t &- 15]) &+ w[t &- 16]
          }

          var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
          // Eight rounds per pass with the roles of the variables rotated, instead of moving
          // eight values along after every round.
          var t = 0
          while t < 64 {
            Self.round(a, b, c, &d, e, f, g, &h, k[t] &+ w[t])
            Self.round(h, a, b, &c, d, e, f, &g, k[t &+ 1] &+ w[t &+ 1])
            Self.round(g, h, a, &b, c, d, e, &f, k[t &+ 2] &+ w[t &+ 2])
            Self.round(f, g, h, &a, b, c, d, &e, k[t &+ 3] &+ w[t &+ 3])
            Self.round(e, f, g, &h, a, b, c, &d, k[t &+ 4] &+ w[t &+ 4])
            Self.round(d, e, f, &g, h, a, b, &c, k[t &+ 5] &+ w[t &+ 5])
            Self.round(c, d, e, &f, g, h, a, &b, k[t &+ 6] &+ w[t &+ 6])
            Self.round(b, c, d, &e, f, g, h, &a, k[t &+ 7] &+ w[t &+ 7])
            t &+= 8
          }

          h0 &+= a
          h1 &+= b
          h2 &+= c
          h3 &+= d
          h4 &+= e
          h5 &+= f
          h6 &+= g
          h7 &+= h
          block += Self.blockSize
        }
        state = (h0, h1, h2, h3, h4, h5, h6, h7)
      }
    }
  }

  /// One round of 6.2.2 step 3: `d` becomes the new `e` and `h` the new `a`, the rest shift by name.
  @inline(__always)
  private static func round(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
    _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ constantPlusWord: UInt32
  ) {
    let choose = (e & f) ^ (~e & g)
    let majority = (a & b) ^ (a & c) ^ (b & c)
    let t1 = h &+ bigSigma1(e) &+ choose &+ constantPlusWord
    let t2 = bigSigma0(a) &+ majority
    d &+= t1
    h = t1 &+ t2
  }

  @inline(__always)
  private static func rotateRight(_ x: UInt32, _ n: UInt32) -> UInt32 {
    (x &>> n) | (x &<< (32 &- n))
  }

  /// Σ0 (4.4).
  @inline(__always)
  private static func bigSigma0(_ x: UInt32) -> UInt32 {
    rotateRight(x, 2) ^ rotateRight(x, 13) ^ rotateRight(x, 22)
  }

  /// Σ1 (4.5).
  @inline(__always)
  private static func bigSigma1(_ x: UInt32) -> UInt32 {
    rotateRight(x, 6) ^ rotateRight(x, 11) ^ rotateRight(x, 25)
  }

  /// σ0 (4.6).
  @inline(__always)
  private static func smallSigma0(_ x: UInt32) -> UInt32 {
    rotateRight(x, 7) ^ rotateRight(x, 18) ^ (x &>> 3)
  }

  /// σ1 (4.7).
  @inline(__always)
  private static func smallSigma1(_ x: UInt32) -> UInt32 {
    rotateRight(x, 17) ^ rotateRight(x, 19) ^ (x &>> 10)
  }
}
