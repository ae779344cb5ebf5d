import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSystem

/// An in-process run whose Bing, at `endpoint`, serves the fake week for en-US, on a machine
/// with no autostart: the world most command tests start from.
package enum FakeBingRun {
  package static let endpoint = "https://bing.test"
  package static let week = FakeBing.week()

  /// A context whose Bing serves the first `days` pictures of the week for en-US.
  package static func context(days: Int = 2) throws -> InProcess {
    let run = try InProcess(environment: ["BINGWALL_ENDPOINT": endpoint, "BINGWALL_BACKEND": "none"])
    run.clock.set(UTC.at("2026-12-01T09:00:00Z"))
    let images = Array(week.prefix(days))
    try serve(run, listing: images, pictures: images)
    stubNoAutostart(run)
    return run
  }

  /// Scripts Bing's en-US archive to list `listing`, and a UHD JPEG for each of `pictures`.
  package static func serve(_ run: InProcess, listing: [FakeBingImage], pictures: [FakeBingImage]) throws {
    let body: [String: Any] = ["market": ["mkt": "en-US"], "images": listing.map(\.json)]
    let json = try JSONSerialization.data(withJSONObject: body)
    run.http.stub("/HPImageArchive.aspx", .ok(Array(json), type: "application/json"))
    for image in pictures {
      let jpeg = try TestJPEG.make(
        width: FakeBing.uhdWidth, height: FakeBing.uhdHeight, colour: FakeBing.colour(for: image.name))
      run.http.stub("id=\(image.bingID)_UHD.jpg", .ok(Array(jpeg), type: "image/jpeg"))
    }
  }

  /// `status` asks systemd and cron whether autostart is on: a machine with neither.
  package static func stubNoAutostart(_ run: InProcess) {
    run.processes.stub("systemctl") { _ in
      .init(status: 1, stdout: Data(), stderr: Data("Failed to connect to bus".utf8), timedOut: false)
    }
    run.processes.stub("crontab") { _ in
      .init(status: 1, stdout: Data(), stderr: Data("no crontab for you".utf8), timedOut: false)
    }
  }

  /// A context after a quiet update of the whole week (eight pictures), reading
  /// `configuration` as its config file when there is one.
  package static func updated(configuration: String? = nil) throws -> InProcess {
    let run = try context(days: 8)
    if let configuration {
      let path = run.home.path + "/config.toml"
      try configuration.write(toFile: path, atomically: true, encoding: .utf8)
      run.environment["BINGWALL_CONFIG"] = path
    }
    #expect(run.run(["update", "--market", "en-US", "--no-apply", "-q"]).status == 0)
    return run
  }
}
