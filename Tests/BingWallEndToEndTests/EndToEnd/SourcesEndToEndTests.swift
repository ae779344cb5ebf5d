import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallModel
@testable import BingWallSystem

/// The real binary fetching the four sources beyond Bing from one fake server over real
/// libcurl, each pointed there by its `BINGWALL_<SOURCE>_ENDPOINT`: every source's pictures are
/// stored in the one history, and a source that is down costs its warning and exit status 75
/// while the others' pictures are stored.
@Suite struct SourcesEndToEndTests {
  static let others: [Source] = [.spotlight, .apod, .wikimedia, .earthObservatory]

  static func environment(_ fake: FakeSources) -> [String: String] {
    var environment = [
      "BINGWALL_BACKEND": "none", "BINGWALL_SOURCES": others.map(\.rawValue).joined(separator: ","),
    ]
    for source in others {
      environment["BINGWALL_\(source.configSection.uppercased())_ENDPOINT"] = fake.baseURL
    }
    return environment
  }

  static func stored(_ sandbox: Sandbox, _ source: Source, _ environment: [String: String]) throws
    -> [[String: Any]]
  {
    let list = try sandbox.run(
      ["list", "--source", source.rawValue, "--json", "--limit", "0"], environment: environment)
    return try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
  }

  @Test func everySourceIsStoredInTheOneHistory() throws {
    // The binary runs on the real clock: the fake answers for today.
    let fake = try FakeSources(now: Date())
    let sandbox = try Sandbox()
    let environment = Self.environment(fake)
    let update = try sandbox.run(["update", "--no-apply"], environment: environment)
    #expect(update.status == 0, "\(update.stderr)")
    for source in Self.others {
      let pictures = try Self.stored(sandbox, source, environment)
      #expect(!pictures.isEmpty, "\(source): \(update.stdout)")
      for picture in pictures {
        #expect(picture["source"] as? String == source.rawValue)
        let path = try #require(picture["path"] as? String)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(3)) == [0xFF, 0xD8, 0xFF])
      }
    }
    // Wikimedia's credit and licence are kept, and shown.
    let wikimedia = try #require(try Self.stored(sandbox, .wikimedia, environment).first)
    #expect(!(wikimedia["licence"] as? String ?? "").isEmpty)
    // Bing was not asked: it is not among the sources.
    let again = try sandbox.run(["update", "--no-apply"], environment: environment)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("Already up to date."))
  }

  @Test func aSourceThatIsDownIsAWarningAndTheOthersAreStored() throws {
    let fake = try FakeSources(now: Date())
    fake.failing(.apod, with: .status(503))
    let sandbox = try Sandbox()
    let environment = Self.environment(fake)
    let update = try sandbox.run(["update", "--no-apply"], environment: environment)
    #expect(update.status == 75, "\(update.stderr)")
    #expect(update.stderr.contains("bingwall: warning: NASA APOD"), "\(update.stderr)")
    #expect(try Self.stored(sandbox, .apod, environment).isEmpty)
    for source in [Source.spotlight, .wikimedia, .earthObservatory] {
      #expect(!(try Self.stored(sandbox, source, environment)).isEmpty, "\(source)")
    }
  }
}
