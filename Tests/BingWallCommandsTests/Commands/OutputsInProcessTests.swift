import BingWallCommandsTestSupport
import BingWallTestSupport
import Testing

@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallSystem

/// `bingwall outputs` in the test process: the selected backend's tool is asked, and nothing else.
@Suite struct OutputsInProcessTests {
  @Test func hyprlandScreensAsATable() throws {
    let run = try InProcess(environment: [
      "WAYLAND_DISPLAY": "wayland-1", "HYPRLAND_INSTANCE_SIGNATURE": "abc",
    ])
    run.processes.stub(["hyprctl", "monitors", "-j"]) { _ in
      .exit(0, stdout: Fixtures.text("outputs/hyprctl-monitors.json"))
    }
    let result = run.run(["outputs", "--backend", "hyprland"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        OUTPUT    SIZE                  POSITION  SCALE  ROTATION  PRIMARY
        DP-1      3840x2160             0,0       1.5    0         yes
        HDMI-A-1  1080x1920 (portrait)  2560,0    1      90        -

        hyprland gives each output a picture of its own, made at its size.

        """)
    #expect(run.processes.calls == [["hyprctl", "monitors", "-j"]])
  }

  @Test func fehScreensAsJSON() throws {
    let run = try InProcess(environment: ["DISPLAY": ":0"])
    run.processes.install("feh", at: "/usr/bin/feh")
    run.processes.stub(["xrandr", "--listactivemonitors"]) { _ in
      .exit(0, stdout: Fixtures.text("outputs/xrandr-listmonitors.txt"))
    }
    let result = run.run(["outputs", "--backend", "feh", "--json"])
    #expect(result.status == 0)
    let parsed = try JSONParser.parse(Array(result.stdout.utf8))
    guard case .object(let root) = parsed, case .array(let outputs) = root["outputs"] else {
      Issue.record("not an object with outputs: \(result.stdout)")
      return
    }
    #expect(root["backend"] == .string("feh"))
    #expect(root["source"] == .string("xrandr"))
    #expect(root["per_output"] == .bool(true))
    #expect(root["scope"] == .string("each"))
    #expect(outputs.count == 3)
    guard case .object(let second) = outputs[1] else { return }
    #expect(second["x"] == .number(-1080))
    #expect(second["rotation"] == .null)
    #expect(second["portrait"] == .bool(true))
    #expect(second["primary"] == .bool(false))
  }

  /// xwallpaper names RandR outputs, and the fixture's third monitor was drawn with
  /// `xrandr --setmonitor`: these screens get one canvas, and `outputs` says so.
  @Test func xwallpaperOnADrawnMonitorSpansOneCanvas() throws {
    let run = try InProcess(environment: ["DISPLAY": ":0"])
    run.processes.install("xwallpaper", at: "/usr/bin/xwallpaper")
    run.processes.stub(["xrandr", "--listactivemonitors"]) { _ in
      .exit(0, stdout: Fixtures.text("outputs/xrandr-listmonitors.txt"))
    }
    let result = run.run(["outputs", "--backend", "xwallpaper"])
    #expect(result.status == 0)
    #expect(
      result.stdout.hasSuffix(
        "\nxwallpaper sets one picture across every output, made as one canvas of them all.\n"),
      "\(result.stdout)")
  }

  /// A name a tool printed with a terminal escape in it reaches the terminal as spaces.
  @Test func aNameIsCleanedForTheTerminal() throws {
    let run = try InProcess(environment: ["DISPLAY": ":0"])
    run.processes.install("feh", at: "/usr/bin/feh")
    run.processes.stub(["xrandr", "--listactivemonitors"]) { _ in
      .exit(0, stdout: "Monitors: 1\n 0: +*bad\u{1b}]0;x 800/1x600/1+0+0  bad\u{1b}]0;x\n")
    }
    let result = run.run(["outputs", "--backend", "feh"])
    #expect(result.status == 0)
    #expect(!result.stdout.contains("\u{1b}"))
    #expect(result.stdout.contains("bad ]0;x"))
  }

  @Test func aFailingToolIsOneLineWithItsWords() throws {
    let run = try InProcess(environment: ["DISPLAY": ":0"])
    run.processes.install("feh", at: "/usr/bin/feh")
    run.processes.stub(["xrandr", "--listactivemonitors"]) { _ in .exit(1, stderr: "Can't open display :0\n")
    }
    let result = run.run(["outputs", "--backend", "feh"])
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr.contains("Can't open display :0"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }
}
