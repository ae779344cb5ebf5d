import BingWallTestSupport
import Foundation

@testable import BingWallDesktop
@testable import BingWallSystem

/// A real sway 1.7 for one test: wlroots' headless backend with the pixman renderer (no GPU, no
/// input devices), one 320x240 output, read back with `grim`.
///
/// sway refuses to run as root, so when the tests run as root it runs as `bingwall-sway`, a system
/// user without a home or a shell that the first test creates. Its runtime folder (its sockets) is
/// private to the test and owned by that user, and the pictures a test shows must be readable by it:
/// sway starts its own swaybg as that user. bingwall, the test's side, connects as root, as a user's
/// own bingwall would as that user. `SWAYSOCK` and `WAYLAND_DISPLAY` are found in the runtime folder
/// once sway made them; sway's own background is the solid colour `ownBackground`, as the
/// `output * bg` line of Debian's /etc/sway/config gives every fresh session a picture of its own.
/// Everything is killed in `deinit`; sway's swaybg and any other client end with their compositor.
package final class HeadlessSway {
  package static let tools = ["sway", "swaymsg", "swaybg", "grim"]
  package static let searchPath = "/usr/local/bin:/usr/bin:/bin"
  /// Whether sway and its tools are installed (`make test-deps` installs them).
  package static let installed = tools.allSatisfy { PosixProcessRunner.which($0, path: searchPath) != nil }
  /// sway's own background: a colour no striped picture mode produces.
  package static let ownBackground: UInt32 = 0x204080
  package static let width = 320
  package static let height = 240

  /// The unprivileged user sway runs as when the tests run as root, created once.
  package static let user: (uid: uid_t, gid: gid_t)? = {
    guard getuid() == 0 else { return nil }
    let name = "bingwall-sway"
    if getpwnam(name) == nil {
      _ = try? ExternalTool.run([
        "useradd", "--system", "--no-create-home", "--home-dir", "/nonexistent", "--shell",
        "/usr/sbin/nologin",
        name,
      ])
    }
    guard let entry = getpwnam(name) else { return nil }
    return (entry.pointee.pw_uid, entry.pointee.pw_gid)
  }()

  package let folder: TemporaryDirectory
  /// sway's `$XDG_RUNTIME_DIR`: its IPC socket and its Wayland socket.
  package let runtime: String
  /// Where a test puts the pictures it shows (readable by sway's user).
  package let pictures: String
  package private(set) var swaySocket = ""
  package private(set) var waylandDisplay = ""
  private let process: Process

  /// `drawsOwnBackground: false` is a wlroots compositor that draws nothing of its own (sway with
  /// `swaybg_command -`), for the `swaybg` backend's tests. Each of `moreOutputs` is one more
  /// headless output, `HEADLESS-2` onwards, with the rest of its `output` line (`resolution
  /// 240x320 transform 90`).
  /// `firstOutput` is the rest of HEADLESS-1's `output` line.
  package init(
    drawsOwnBackground: Bool = true,
    firstOutput: String = "resolution \(HeadlessSway.width)x\(HeadlessSway.height)",
    moreOutputs: [String] = []
  ) throws {
    folder = try TemporaryDirectory()
    runtime = folder.file("run")
    pictures = folder.file("pictures")
    process = Process()
    let fileManager = FileManager.default
    try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    for path in [runtime, pictures] {
      try fileManager.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    try fileManager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime)
    try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: pictures)
    let hex = String(Self.ownBackground, radix: 16)
    let background =
      drawsOwnBackground
      ? "output * bg #\(String(repeating: "0", count: 6 - hex.count))\(hex) solid_color" : "swaybg_command -"
    let config = folder.file("config")
    let outputs = moreOutputs.enumerated().map { "output HEADLESS-\($0.offset + 2) \($0.element)\n" }.joined()
    try "\(background)\noutput HEADLESS-1 \(firstOutput)\n\(outputs)".write(
      toFile: config, atomically: true, encoding: .utf8)

    var arguments = ["sway", "-c", config]
    if let user = Self.user {
      _ = chown(runtime, user.uid, user.gid)
      arguments = ["setpriv", "--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups"] + arguments
    }
    process.executableURL = URL(
      fileURLWithPath: PosixProcessRunner.which(arguments[0], path: Self.searchPath)!)
    process.arguments = Array(arguments.dropFirst())
    process.environment = [
      "PATH": Self.searchPath, "HOME": folder.path, "XDG_RUNTIME_DIR": runtime, "WLR_BACKENDS": "headless",
      "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1", "LANG": "C.UTF-8",
      "WLR_HEADLESS_OUTPUTS": String(1 + moreOutputs.count),
    ]
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()

    // sway makes both sockets within a few hundred milliseconds; a loaded machine gets 20 s.
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline, process.isRunning {
      let names = (try? fileManager.contentsOfDirectory(atPath: runtime)) ?? []
      if let ipc = names.first(where: { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }),
        let wayland = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
        UnixSocket.isLive("\(runtime)/\(ipc)")
      {
        swaySocket = "\(runtime)/\(ipc)"
        waylandDisplay = wayland
        break
      }
      usleep(20_000)
    }
    guard !swaySocket.isEmpty else {
      stop()
      throw SystemCallError("headless sway did not start in \(folder.path)", errno: 0)
    }
  }

  deinit { stop() }

  /// SIGKILL (the test runner's threads block SIGTERM, which a child inherits), then the swaybg our
  /// backend may have left: it would die with the compositor, but a test must not wait for that.
  private func stop() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    if let text = try? String(contentsOfFile: "\(runtime)/bingwall-swaybg.pid", encoding: .utf8),
      let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1,
      DetachedProcess.commandName(of: pid) == "swaybg"
    {
      kill(pid, SIGKILL)
      _ = DetachedProcess.exitStatus(of: pid)
    }
  }

  /// The environment of a program in this sway session: the sockets, no X11.
  package func environment(home: String, sessionVariables: Bool = true) -> [String: String] {
    var environment = ["PATH": Self.searchPath, "HOME": home, "XDG_RUNTIME_DIR": runtime, "LANG": "C.UTF-8"]
    if sessionVariables {
      environment["SWAYSOCK"] = swaySocket
      environment["WAYLAND_DISPLAY"] = waylandDisplay
    }
    return environment
  }

  /// A copy of `source` in the pictures folder, readable by sway's user.
  package func picture(named name: String, from source: String) throws -> String {
    let path = "\(pictures)/\(name)"
    try FileManager.default.copyItem(atPath: source, toPath: path)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    return path
  }

  /// The output as grim captures it: every output, or only the one named.
  package func screenshot(output: String? = nil) throws -> Screenshot {
    try Screenshot(
      ppm: ExternalTool.run(
        ["XDG_RUNTIME_DIR=\(runtime)", "WAYLAND_DISPLAY=\(waylandDisplay)", "grim"]
          + (output.map { ["-o", $0] } ?? []) + ["-t", "ppm", "-"]))
  }

  /// Polls screenshots until `condition` holds of one, for up to `seconds`; the last one either way.
  /// swaybg draws a moment after it starts, and sway starts its own after answering.
  package func screenshot(
    output: String? = nil, within seconds: Double = 15, until condition: (Screenshot) -> Bool
  ) throws -> Screenshot {
    let deadline = Date().addingTimeInterval(seconds)
    var shot = try screenshot(output: output)
    while !condition(shot), Date() < deadline {
      usleep(50_000)
      shot = try screenshot(output: output)
    }
    return shot
  }

  /// A binary PPM (`P6`, 8 bits a channel), which grim writes with `-t ppm`.
  package struct Screenshot: PixelSource {
    package let width: Int
    package let height: Int
    private let pixels: [UInt8]

    struct Unsupported: Error { let reason: String }

    package init(ppm: Data) throws {
      let bytes = [UInt8](ppm)
      // Three header fields after "P6", separated by whitespace, then one whitespace byte.
      var fields: [Int] = []
      var index = 2
      guard bytes.starts(with: Array("P6".utf8)) else { throw Unsupported(reason: "not a binary PPM") }
      while fields.count < 3, index < bytes.count {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0a { index += 1 }
        var value = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
          value = value * 10 + Int(bytes[index] - 0x30)
          index += 1
        }
        fields.append(value)
      }
      guard fields.count == 3, fields[2] == 255 else { throw Unsupported(reason: "header \(fields)") }
      width = fields[0]
      height = fields[1]
      pixels = Array(bytes[(index + 1)...])
      guard pixels.count >= width * height * 3 else {
        throw Unsupported(reason: "\(pixels.count) pixel bytes")
      }
    }

    package func colour(x: Int, y: Int) -> UInt32 {
      let offset = (y * width + x) * 3
      return UInt32(pixels[offset]) << 16 | UInt32(pixels[offset + 1]) << 8 | UInt32(pixels[offset + 2])
    }
  }
}
