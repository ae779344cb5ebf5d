import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// `apply`, `random`, `backends` and `update`'s apply, through the real binary, with the
/// `command` backend pointed at a recording stub.
@Suite struct DesktopEndToEndTests {
  let bing: FakeBing
  let sandbox: Sandbox
  let stub: String
  let log: String

  init() throws {
    bing = try FakeBing()
    sandbox = try Sandbox()
    stub = sandbox.folder.file("set-wallpaper")
    log = sandbox.folder.file("calls")
    // Each call: its argument count, then its arguments, all NUL-terminated (a path may hold
    // newlines, never a NUL).
    try ExecutableScript.write("#!/bin/sh\nprintf '%s\\0' \"$#\" \"$@\" >> '\(log)'\n", to: stub)
  }

  var environment: [String: String] {
    [
      "BINGWALL_ENDPOINT": bing.endpoint, "BINGWALL_BACKEND": "command",
      "BINGWALL_COMMAND": "\(stub) --file {path} --uri={uri} {mode}",
    ]
  }

  /// Every call the stub received, as argument lists.
  func calls() -> [[String]] {
    guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return [] }
    var fields = text.split(separator: "\0", omittingEmptySubsequences: false).map(String.init).dropLast()[
      ...]
    var result: [[String]] = []
    while let count = fields.first.flatMap({ Int($0) }) {
      result.append(Array(fields.dropFirst().prefix(count)))
      fields = fields.dropFirst(count + 1)
    }
    return result
  }

  func seedWeek(_ count: Int = 3) throws -> [FakeBingImage] {
    let week = Array(FakeBing.week().prefix(count))
    try bing.publish(market: "en-US", images: week)
    for image in week { try bing.serveJPEG(image) }
    return week
  }

  func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

  @Test func updateAppliesTheNewestPictureOnceAndRecordsIt() throws {
    _ = try seedWeek()
    let first = try sandbox.run(["update", "--json"], environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    let summary = try #require(try json(first.stdout) as? [String: Any])
    let applied = try #require(summary["applied"] as? [String: Any])
    #expect(applied["key"] as? String == "OHR.Lake")
    #expect(applied["applied_count"] as? Int == 1)
    let path = sandbox.imageDir + "/2026-12-01_Lake_UHD.jpg"
    // `auto` leaves a desktop's own setting alone; a tool that needs a word gets fill.
    #expect(calls() == [["--file", path, "--uri=file://" + path, "fill"]])

    let second = try sandbox.run(["update"], environment: environment)
    #expect(second.stdout == "Already up to date.\n")
    #expect(calls().count == 1)

    let noApply = try sandbox.run(["update", "--no-apply", "--force"], environment: environment)
    #expect(noApply.status == 0)
    #expect(calls().count == 1)
  }

  @Test func applyASelectorOrAFileWithHostileNames() throws {
    _ = try seedWeek()
    #expect(try sandbox.run(["update", "--no-apply"], environment: environment).status == 0)
    let apply = try sandbox.run(["apply", "OHR.Fox", "--mode", "tile"], environment: environment)
    #expect(apply.status == 0, "\(apply.stderr)")
    #expect(apply.stdout.hasPrefix("Applied 2026-11-30 OHR.Fox (Fox title) with command"))
    #expect(calls().last?[1] == sandbox.imageDir + "/2026-11-30_Fox_UHD.jpg")
    #expect(calls().last?.last == "tile")

    // bingwall runs in the sandbox folder, so a shell would create the marker there.
    let marker = sandbox.folder.file("owned")
    let hostile = sandbox.folder.file("my $(touch owned) `touch owned`; 'pic' \"x\"\nline.jpg")
    try TestJPEG.make(width: 8, height: 8).write(to: URL(fileURLWithPath: hostile))
    let file = try sandbox.run(["apply", hostile], environment: environment)
    #expect(file.status == 0, "\(file.stderr)")
    #expect(calls().last?[1] == hostile)
    #expect(!FileManager.default.fileExists(atPath: marker))

    let show = try sandbox.run(["show", "OHR.Fox", "--json"], environment: environment)
    let picture = try #require(try json(show.stdout) as? [String: Any])
    #expect(picture["applied_count"] as? Int == 1)
    #expect(picture["last_applied"] is String)
  }

  @Test func randomIsReproducibleAndNeverTheCurrentPicture() throws {
    _ = try seedWeek(8)
    #expect(try sandbox.run(["update", "--no-apply"], environment: environment).status == 0)
    let first = try sandbox.run(["random", "--seed", "7", "--dry-run"], environment: environment)
    let again = try sandbox.run(["random", "--seed", "7", "--dry-run"], environment: environment)
    #expect(first.status == 0)
    #expect(first.stdout == again.stdout)
    #expect(calls().isEmpty)
    var seen: [String] = []
    for seed in 0..<6 {
      let result = try sandbox.run(["random", "--seed", String(seed)], environment: environment)
      #expect(result.status == 0, "\(result.stderr)")
      let path = try #require(calls().last?[1])
      #expect(seen.last != path, "random picked the current picture again")
      seen.append(path)
    }
    // With 8 pictures the last min(10, 8/2) = 4 picks are avoided.
    #expect(Set(seen.suffix(4)).count == 4)
  }

  @Test func withoutADisplayApplyIsUnavailableAndTouchesNothing() throws {
    _ = try seedWeek(1)
    let plain = ["BINGWALL_ENDPOINT": bing.endpoint]
    #expect(try sandbox.run(["update", "--no-apply"], environment: plain).status == 0)
    let auto = try sandbox.run(["apply"], environment: plain)
    #expect(auto.status == 69)
    #expect(
      auto.stderr.hasPrefix(
        "bingwall: error: no desktop session running (DISPLAY and WAYLAND_DISPLAY are unset)\nbingwall: hint: run bingwall inside your desktop session"
      ))
    let feh = try sandbox.run(["apply", "--backend", "feh"], environment: plain)
    #expect(feh.status == 69)
    #expect(feh.stderr.contains("no X11 display (DISPLAY is not set)"))
    // The newest picture still waits to be set: every update says none was set, and succeeds.
    let update = try sandbox.run(["update", "--force"], environment: plain)
    #expect(update.status == 0)
    #expect(
      update.stdout.hasPrefix(
        "Fetched 1 picture again; it is the stored file.\nNo wallpaper set: no desktop session"),
      "\(update.stdout)")
    let show = try sandbox.run(["show", "latest", "--json"], environment: plain)
    #expect((try json(show.stdout) as? [String: Any])?["applied_count"] as? Int == 0)
  }

  @Test func backendsListsEveryBackendAndTheChoice() throws {
    let result = try sandbox.run(["backends", "--json"], environment: environment)
    #expect(result.status == 0)
    let rows = try #require(try json(result.stdout) as? [[String: Any]])
    #expect(rows.count == BackendRegistry.all(command: "", session: nil).count)
    #expect(rows.count == 22)
    let command = try #require(rows.first { $0["name"] as? String == "command" })
    #expect(command["available"] as? Bool == true)
    #expect(command["selected"] as? Bool == true)
    #expect(rows.filter { $0["selected"] as? Bool == true }.count == 1)
    for row in rows { #expect(row["tools"] is [String] && row["detected"] is Bool) }
    let scopes = Dictionary(
      uniqueKeysWithValues: rows.map { ($0["name"] as? String ?? "", $0["scope"] as? String) })
    #expect(scopes["sway"] == "each" && scopes["xfce"] == "each" && scopes["gnome"] == "layout")
    #expect(scopes["lxqt"] == "every" && scopes["command"] == "as-is")
    #expect(scopes["hyprland"] == "each" && scopes["cosmic"] == "as-is")
    #expect(rows.allSatisfy { ($0["per_output"] as? Bool) == ($0["scope"] as? String == "each") })
    let text = try sandbox.run(["backends"], environment: ["DISPLAY": ":4242"])
    #expect(text.stdout.contains("selected: feh (an X11 session with feh installed)"))
  }

  @Test func aBrokenCommandTemplateIsReported() throws {
    _ = try seedWeek(1)
    var broken = environment
    broken["BINGWALL_COMMAND"] = "\(stub) 'unterminated {path}"
    #expect(try sandbox.run(["update", "--no-apply"], environment: broken).status == 0)
    let result = try sandbox.run(["apply"], environment: broken)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("bingwall: error: command:"))
    #expect(calls().isEmpty)
  }

  @Test(
    .enabled(if: MockNotificationServer.installed, "needs python3-dbusmock and dbus-daemon (make test-deps)"))
  func aNewPictureIsAnnouncedWhenAskedAndOnlyThen() throws {
    var week = try seedWeek(1)
    let server = try MockNotificationServer(capabilities: ["body", "body-markup", "actions"])
    var asked = environment
    asked["DBUS_SESSION_BUS_ADDRESS"] = server.bus.address
    #expect(try sandbox.run(["update"], environment: asked).status == 0)
    #expect(server.notifications().isEmpty, "daemon.notify is off by default")

    // The next day's picture, whose title and credit carry markup: the server reads body
    // markup, so the body reaches it escaped, and the summary (plain text by the specification)
    // as it was written.
    let next = FakeBingImage(
      name: "Kelp", number: "999", fullStartDate: "202612020800",
      title: "<a href=\"https://evil.example/phish\">Your session expired</a>",
      copyright: "Kelp <img src=\"file:///etc/passwd\"/> (© Kelp Photographer/Agency)")
    week.insert(next, at: 0)
    try bing.publish(market: "en-US", images: week)
    try bing.serveJPEG(next)
    asked["BINGWALL_DAEMON_NOTIFY"] = "true"
    let result = try sandbox.run(["update"], environment: asked)
    #expect(result.status == 0, "\(result.stderr)")
    let calls = server.notifications()
    #expect(calls.count == 1)
    let call = try #require(calls.first)
    #expect(call.hasPrefix("\"bingwall\" 0 \"" + sandbox.imageDir + "/2026-12-02_Kelp_UHD.jpg\""))
    #expect(call.contains("\"<a href=\"https://evil.example/phish\">Your session expired</a>\""))
    #expect(call.contains("\"Kelp &lt;img src=\"file:///etc/passwd\"/&gt; — Kelp Photographer/Agency\""))

    // Without a session bus the notification is skipped and nothing fails.
    let third = FakeBingImage(name: "Tarn", number: "998", fullStartDate: "202612030800")
    week.insert(third, at: 0)
    try bing.publish(market: "en-US", images: week)
    try bing.serveJPEG(third)
    asked["DBUS_SESSION_BUS_ADDRESS"] = nil
    asked["XDG_RUNTIME_DIR"] = sandbox.folder.file("no-runtime")
    let again = try sandbox.run(["update"], environment: asked)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("Tarn"), "\(again.stdout)")
    #expect(server.notifications().count == 1)
  }

}
