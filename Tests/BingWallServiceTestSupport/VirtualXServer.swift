import BingWallTestSupport
import Foundation

@testable import BingWallDesktop
@testable import BingWallSystem

/// A private, virtual X server for one test, so feh and xwallpaper draw on a real root window:
/// Xvfb for one screen, or Xorg's dummy driver for several monitors (`init(outputs:)`).
///
/// The server picks a free display number itself (`-displayfd`) and writes it once it accepts
/// connections, which saves both guessing free numbers (racing other tests) and polling for the
/// socket. `-noreset` keeps the root window's picture when the setter disconnects. Stopped in
/// `deinit`.
package final class VirtualXServer {
  /// Whether the programs these tests need are installed (`make test-deps` installs them).
  package static let installed = ["Xvfb", "xwd"].allSatisfy {
    PosixProcessRunner.which($0, path: searchPath) != nil
  }
  package static let searchPath = "/usr/local/bin:/usr/bin:/bin"

  /// Whether a test of `setter` on a virtual screen can run here.
  package static func canRun(_ setter: String) -> Bool {
    installed && PosixProcessRunner.which(setter, path: searchPath) != nil
  }

  /// Whether Xorg with its dummy driver can run here: installed (`make test-deps`), and as root, as
  /// `make test` runs (Debian's Xorg wrapper lets others start it only from a console).
  package static let canRunSeveralOutputs =
    installed && getuid() == 0 && PosixProcessRunner.which("Xorg", path: searchPath) != nil
    && FileManager.default.fileExists(atPath: "/usr/lib/xorg/modules/drivers/dummy_drv.so")

  package let width: Int
  package let height: Int
  /// `:N`, for `DISPLAY`.
  package let display: String
  private let process: Process
  /// The dummy server's configuration and log.
  private let folder: TemporaryDirectory?

  package init(width: Int = 320, height: Int = 240) throws {
    self.width = width
    self.height = height
    folder = nil
    process = Process()
    process.executableURL = URL(fileURLWithPath: PosixProcessRunner.which("Xvfb", path: Self.searchPath)!)
    process.arguments = [
      "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-noreset", "-nolisten", "tcp",
    ]
    display = try Self.start(process, named: "Xvfb")
  }

  /// Xorg with the dummy driver, its RandR outputs `DUMMY0`, `DUMMY1`, ... switched on at
  /// `outputs`' sizes side by side, left to right, `primary` the primary one. Xvfb cannot: its
  /// RandR has one output and ignores `--setmonitor`.
  ///
  /// `split`: one output `DUMMY0` as wide as them all, cut into monitors `LEFT`, `RIGHT`, ...
  /// by `xrandr --setmonitor` instead, as users split one wide panel (Xinerama then has a head
  /// per monitor; the first keeps the output, the others have none).
  package init(outputs: [(width: Int, height: Int)], primary: Int = 0, split: Bool = false) throws {
    width = outputs.map(\.width).reduce(0, +)
    height = outputs.map(\.height).max() ?? 0
    let folder = try TemporaryDirectory()
    self.folder = folder
    try Self.dummyConfiguration.write(toFile: folder.file("xorg.conf"), atomically: true, encoding: .utf8)
    process = Process()
    process.executableURL = URL(fileURLWithPath: PosixProcessRunner.which("Xorg", path: Self.searchPath)!)
    process.arguments = [
      "-displayfd", "1", "-config", folder.file("xorg.conf"), "-logfile", folder.file("Xorg.log"),
      "-noreset", "-nolisten", "tcp", "-sharevts", "-novtswitch",
    ]
    do {
      display = try Self.start(process, named: "Xorg")
    } catch {
      // Xorg says why in its log, which goes with the folder.
      let log = (try? String(contentsOfFile: folder.file("Xorg.log"), encoding: .utf8)) ?? ""
      let errors = log.split(separator: "\n").filter { $0.contains("(EE)") }.suffix(5)
      throw SystemCallError("\(error); \(errors.joined(separator: "; "))", errno: 0)
    }
    func xrandr(_ arguments: [String]) throws {
      _ = try ExternalTool.run(["xrandr", "-display", display] + arguments)
    }
    let modes = split ? [(width, height)] : outputs
    for (index, (modeWidth, modeHeight)) in modes.enumerated() {
      let mode = "bw\(modeWidth)x\(modeHeight)"
      if !modes.prefix(index).contains(where: { $0 == (modeWidth, modeHeight) }) {
        let w = "\(modeWidth)"
        let h = "\(modeHeight)"
        try xrandr(["--newmode", mode, "0", w, w, w, w, h, h, h, h])
      }
      try xrandr(["--addmode", "DUMMY\(index)", mode])
    }
    var x = 0
    var layout: [String] = []
    for (index, (modeWidth, modeHeight)) in modes.enumerated() {
      layout += ["--output", "DUMMY\(index)", "--mode", "bw\(modeWidth)x\(modeHeight)", "--pos", "\(x)x0"]
      layout += index == primary || split ? ["--primary"] : []
      x += modeWidth
    }
    try xrandr(layout)
    guard split else { return }
    x = 0
    for (index, output) in outputs.enumerated() {
      let name = index < 2 ? ["LEFT", "RIGHT"][index] : "PART\(index + 1)"
      try xrandr([
        "--setmonitor", name, "\(output.width)/300x\(output.height)/200+\(x)+0",
        index == 0 ? "DUMMY0" : "none",
      ])
      x += output.width
    }
  }

  /// Room for a 4096x4096 root window; no input devices (none exist, and none may be taken).
  private static let dummyConfiguration = """
    Section "ServerFlags"
      Option "AutoAddDevices" "false"
      Option "AutoEnableDevices" "false"
    EndSection
    Section "Device"
      Identifier "dummy"
      Driver "dummy"
      VideoRam 65536
    EndSection
    Section "Monitor"
      Identifier "monitor"
      HorizSync 5.0-1000.0
      VertRefresh 5.0-200.0
    EndSection
    Section "Screen"
      Identifier "screen"
      Device "dummy"
      Monitor "monitor"
      DefaultDepth 24
      SubSection "Display"
        Depth 24
        Virtual 4096 4096
      EndSubSection
    EndSection

    """

  /// Starts `process` and waits for the display number it writes once it accepts connections
  /// (a tenth of a second for Xvfb, about twice that for Xorg).
  private static func start(_ process: Process, named server: String) throws -> String {
    let text = try process.runUntilFirstLine()
    guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw SystemCallError("\(server) did not start (said \(text.debugDescription))", errno: 0)
    }
    return ":\(number)"
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
  package func screenshot() throws -> Screenshot {
    try Screenshot(xwd: ExternalTool.run(["xwd", "-root", "-silent", "-display", display]))
  }

  /// An XWD dump (X11 `XWDFileHeader`): big-endian 32-bit header fields, a colormap, then the pixels.
  package struct Screenshot {
    package let width: Int
    package let height: Int
    private let data: [UInt8]
    private let pixelsStart: Int
    private let bytesPerLine: Int
    private let littleEndian: Bool
    /// 4, or 3 where xwd packs the pixels itself: with windows of several visuals on the root
    /// (xfdesktop's beside the root's), it reads them one by one and writes 24 bits a pixel.
    private let bytesPerPixel: Int
    private let masks: (red: UInt32, green: UInt32, blue: UInt32)

    struct Unsupported: Error { let reason: String }

    package init(xwd: Data) throws {
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
      guard field(11) == 32 || field(11) == 24 else {
        throw Unsupported(reason: "\(field(11)) bits per pixel")
      }
      bytesPerPixel = field(11) / 8
      bytesPerLine = field(12)
      masks = (UInt32(field(14)), UInt32(field(15)), UInt32(field(16)))
      pixelsStart = headerSize + field(19) * 12  // ncolors entries of 12 bytes each
      guard bytes.count >= pixelsStart + bytesPerLine * height else {
        throw Unsupported(reason: "\(bytes.count) bytes is too short for \(width)x\(height)")
      }
      data = bytes
    }

    /// The colour at (`x`, `y`) as `0xRRGGBB`.
    package func colour(x: Int, y: Int) -> UInt32 {
      let offset = pixelsStart + y * bytesPerLine + x * bytesPerPixel
      let bytes = data[offset..<offset + bytesPerPixel]
      let pixel = (littleEndian ? Array(bytes.reversed()) : Array(bytes)).reduce(UInt32(0)) {
        $0 << 8 | UInt32($1)
      }
      func channel(_ mask: UInt32) -> UInt32 { (pixel & mask) >> UInt32(mask.trailingZeroBitCount) & 0xff }
      return channel(masks.red) << 16 | channel(masks.green) << 8 | channel(masks.blue)
    }
  }
}
