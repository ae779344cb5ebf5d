import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop
@testable import BingWallSystem

/// The screens as the real tools list them: a headless sway with two outputs, one turned to
/// portrait, and an Xvfb screen through xrandr.
@Suite struct OutputsRealTests {
  @Test(.enabled(if: HeadlessSway.installed, "sway, swaybg and grim are not installed (make test-deps)"))
  func swayListsBothOutputsTheSecondInPortrait() throws {
    let sway = try HeadlessSway(moreOutputs: ["resolution 320x240 transform 90"])
    let session = DesktopSession(
      environment: sway.environment(home: sway.folder.path), processes: PosixProcessRunner(),
      home: sway.folder.path)
    let outputs = try SwayBackend().outputSource.read(in: session, backend: "sway")
    #expect(outputs.map(\.name) == ["HEADLESS-1", "HEADLESS-2"])
    #expect(outputs.map(\.sizeText) == ["\(HeadlessSway.width)x\(HeadlessSway.height)", "240x320"])
    #expect(outputs.map(\.rotation) == [0, 90])
    #expect(outputs.map(\.isPortrait) == [false, true])
    #expect(outputs.filter(\.primary).count == 1)
    // sway lays outputs side by side: no two overlap.
    #expect(
      outputs[0].x + outputs[0].width <= outputs[1].x || outputs[1].x + outputs[1].width <= outputs[0].x)
  }

  @Test(.enabled(if: VirtualXServer.canRun("xrandr"), "Xvfb or xrandr is not installed (make test-deps)"))
  func xrandrListsTheXvfbScreen() throws {
    let screen = try VirtualXServer(width: 1920, height: 1200)
    let session = DesktopSession(
      environment: ["DISPLAY": screen.display, "PATH": VirtualXServer.searchPath, "HOME": "/nonexistent"],
      processes: PosixProcessRunner(), home: "/nonexistent")
    let outputs = try FlagToolBackend(.feh).outputSource.read(in: session, backend: "feh")
    #expect(outputs == [Output(name: "screen", width: 1920, height: 1200, rotation: nil, primary: true)])
  }
}
