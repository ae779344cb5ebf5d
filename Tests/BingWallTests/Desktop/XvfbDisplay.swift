import Foundation

@testable import BingWallCLI
@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// A private, virtual X server for one test, so feh and xwallpaper draw on a real root window.
///
/// Xvfb picks a free display number itself (`-displayfd`) and writes it once it accepts connections,
/// which saves both guessing free numbers (racing other tests) and polling for the socket.
/// `-noreset` keeps the root window's picture when the setter disconnects. Stopped in `deinit`.
final class XvfbDisplay {
  /// Whether the programs these tests need are installed (`make deps` installs them).
  static let installed = ["Xvfb", "xwd"].allSatisfy { PosixProcessRunner.which($0, path: searchPath) != nil }
  static let searchPath = "/usr/local/bin:/usr/bin:/bin"

  /// Whether a test of `setter` on a virtual screen can run here.
  static func canRun(_ setter: String) -> Bool {
    installed && PosixProcessRunner.which(setter, path: searchPath) != nil
  }

  let width: Int
  let height: Int
  /// `:N`, for `DISPLAY`.
  let display: String
  private let process: Process

  init(width: Int = 320, height: Int = 240) throws {
    self.width = width
    self.height = height
    process = Process()
    process.executableURL = URL(fileURLWithPath: PosixProcessRunner.which("Xvfb", path: Self.searchPath)!)
    process.arguments = [
      "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-noreset", "-nolisten", "tcp",
    ]
    // Blocks until Xvfb is ready or has died; it takes about a tenth of a second.
    let text = try process.runUntilFirstLine()
    guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw SystemCallError("Xvfb did not start (said \(text.debugDescription))", errno: 0)
    }
    display = ":\(number)"
  }

  /// SIGKILL, because SIGTERM may never arrive: Foundation's `Process` hands the child the signal
  /// mask of the thread that started it, and the test runner's worker threads block every signal.
  /// A killed server leaves its socket and lock file behind; they are ours, so they go too.
  deinit {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let number = display.dropFirst()
    unlink("/tmp/.X11-unix/X\(number)")
    unlink("/tmp/.X\(number)-lock")
  }

  /// The root window as `xwd` dumps it.
  func screenshot() throws -> Screenshot {
    try Screenshot(xwd: ExternalTool.run(["xwd", "-root", "-silent", "-display", display]))
  }

  /// An XWD dump (X11 `XWDFileHeader`): big-endian 32-bit header fields, a colormap, then the pixels.
  struct Screenshot {
    let width: Int
    let height: Int
    private let data: [UInt8]
    private let pixelsStart: Int
    private let bytesPerLine: Int
    private let littleEndian: Bool
    private let masks: (red: UInt32, green: UInt32, blue: UInt32)

    struct Unsupported: Error { let reason: String }

    init(xwd: Data) throws {
      let bytes = [UInt8](xwd)
      func field(_ index: Int) -> Int {
        let offset = index * 4
        return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      }
      guard bytes.count >= 100 else { throw Unsupported(reason: "\(bytes.count) bytes is no XWD header") }
      let headerSize = field(0)
      width = field(4)
      height = field(5)
      littleEndian = field(7) == 0  // byte_order: LSBFirst
      guard field(11) == 32 else { throw Unsupported(reason: "\(field(11)) bits per pixel") }
      bytesPerLine = field(12)
      masks = (UInt32(field(14)), UInt32(field(15)), UInt32(field(16)))
      pixelsStart = headerSize + field(19) * 12  // ncolors entries of 12 bytes each
      guard bytes.count >= pixelsStart + bytesPerLine * height else {
        throw Unsupported(reason: "\(bytes.count) bytes is too short for \(width)x\(height)")
      }
      data = bytes
    }

    /// The colour at (`x`, `y`) as `0xRRGGBB`.
    func colour(x: Int, y: Int) -> UInt32 {
      let offset = pixelsStart + y * bytesPerLine + x * 4
      let raw = data[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      let pixel = littleEndian ? raw.byteSwapped : raw
      func channel(_ mask: UInt32) -> UInt32 { (pixel & mask) >> UInt32(mask.trailingZeroBitCount) & 0xff }
      return channel(masks.red) << 16 | channel(masks.green) << 8 | channel(masks.blue)
    }
  }
}
