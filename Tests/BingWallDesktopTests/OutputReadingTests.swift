import BingWallServiceTestSupport
import BingWallTestSupport
import Testing

@testable import BingWallDesktop

/// Each desktop tool's list of screens, read from what the tool prints: sizes turned by the
/// rotation, places in the layout, exactly one primary, nonsense refused with the tool's name.
@Suite struct OutputReadingTests {
  /// What a real headless sway 1.7 printed for two outputs, the second turned 90°.
  @Test func swayTurnsTheModeOfARotatedOutput() throws {
    let outputs = try SwayOutputs.parse(Fixtures.text("outputs/sway-get-outputs.json"))
    #expect(
      outputs == [
        Output(name: "HEADLESS-1", width: 640, height: 360, x: 880, y: 0, rotation: 0, primary: true),
        Output(name: "HEADLESS-2", width: 240, height: 320, x: 640, y: 0, rotation: 90, primary: false),
      ])
    #expect(outputs.map(\.isPortrait) == [false, true])
  }

  @Test func swaySkipsAnInactiveOutputAndHonoursItsPrimary() throws {
    let text = """
      [{"name": "DP-1", "active": false, "current_mode": {"width": 800, "height": 600}},
       {"name": "DP-2", "active": true, "primary": false, "transform": "flipped-270", "scale": 2.0,
        "rect": {"x": 0, "y": 0, "width": 540, "height": 960}, "current_mode": {"width": 1920, "height": 1080}},
       {"name": "DP-3", "active": true, "primary": true, "transform": "normal",
        "rect": {"x": 540, "y": 0, "width": 1280, "height": 720}, "current_mode": {"width": 1280, "height": 720}}]
      """
    let outputs = try SwayOutputs.parse(text)
    #expect(outputs.map(\.name) == ["DP-2", "DP-3"])
    #expect(outputs[0].sizeText == "1080x1920")
    #expect(outputs[0].rotation == 270)
    #expect(outputs[0].scale == 2)
    #expect(outputs.map(\.primary) == [false, true])
  }

  @Test func hyprlandTurnsTransformOneAndTakesTheFirstAsPrimary() throws {
    let outputs = try HyprlandMonitors.parse(Fixtures.text("outputs/hyprctl-monitors.json"))
    #expect(
      outputs == [
        Output(name: "DP-1", width: 3840, height: 2160, x: 0, y: 0, scale: 1.5, rotation: 0, primary: true),
        Output(name: "HDMI-A-1", width: 1080, height: 1920, x: 2560, y: 0, rotation: 90, primary: false),
      ])
  }

  @Test func plasmaFiveReadsTheCurrentModeAndSkipsTheDisconnected() throws {
    let outputs = try KScreenOutputs.parse(Fixtures.text("outputs/kscreen-doctor-plasma5.json"))
    #expect(
      outputs == [
        Output(name: "DP-2", width: 2560, height: 1440, x: 1080, y: 240, rotation: 0, primary: true),
        Output(name: "HDMI-1", width: 1080, height: 1920, x: 0, y: 0, rotation: 90, primary: false),
      ])
  }

  @Test func plasmaSixTakesPriorityOneAsPrimary() throws {
    let outputs = try KScreenOutputs.parse(Fixtures.text("outputs/kscreen-doctor-plasma6.json"))
    #expect(outputs.map(\.name) == ["eDP-1", "DP-1"])
    #expect(outputs.map(\.primary) == [false, true])
    #expect(outputs[0].scale == 1.75)
    #expect(outputs[1].sizeText == "3840x2160")
  }

  @Test func xrandrMonitorsCarryGeometryThePrimaryMarkAndWhoMadeThem() {
    let outputs = XRandRMonitors.outputs(Fixtures.text("outputs/xrandr-listmonitors.txt"))
    #expect(
      outputs
        == [
          Output(name: "eDP-1", width: 1920, height: 1080, x: 0, y: 0, rotation: nil, primary: true),
          Output(name: "HDMI-1", width: 1080, height: 1920, x: -1080, y: 0, rotation: nil, primary: false),
          Output(name: "DP-1~2", width: 1280, height: 1440, x: 1920, y: 0, rotation: nil, primary: false),
        ].map { output in
          var output = output
          output.isUserMonitor = output.name == "DP-1~2"
          return output
        })
  }

  @Test func nonsenseNamesTheTool() {
    #expect(throws: OutputReadError.self) { try SwayOutputs.parse("{\"outputs\": []}") }
    do {
      _ = try HyprlandMonitors.parse("hyprctl: unknown request")
      Issue.record("text that is not JSON was read")
    } catch {
      #expect(error.description.hasPrefix("hyprctl printed no list of screens bingwall can read: "))
      #expect(error.exitStatus == 1)
    }
  }

  /// A broken or hostile tool cannot hand over screens beyond any panel, the same name twice,
  /// two primaries, or more screens than a desk holds.
  @Test func normalisingBoundsWhatAToolSays() {
    let many = (0..<40).map { Output(name: "M\($0)", width: 100, height: 100, primary: true) }
    let odd = [
      Output(name: "A", width: 0, height: 100), Output(name: "B", width: 100_000, height: 100),
      Output(name: "", width: 100, height: 100), Output(name: "C", width: 100, height: 100),
      Output(name: "C", width: 200, height: 200),
    ]
    #expect(many.normalised().count == Output.maximumCount)
    #expect(many.normalised().filter(\.primary).map(\.name) == ["M0"])
    #expect(odd.normalised() == [Output(name: "C", width: 100, height: 100, primary: true)])
  }
}
