import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallSources
@testable import BingWallStore
@testable import BingWallSystem

/// Every source is one plug-in: the places made from the registry name each, and a sixth source
/// (`FixtureSource`, in the tests) needs no other file to be listed, configured, completed and
/// fetched.
@Suite struct SourceRegistryTests {
  /// The standard sources and the test's, on its one line.
  static let registry = SourceRegistry.standard.adding(FixtureSource())

  @Test func everyStandardSourceIsInEveryGeneratedPlace() throws {
    let keys = ConfigSchema.keys.map(\.name)
    let sourcesChoices = try #require(ConfigSchema.sources.spec.allowed)
    let bash = BashCompletion.script(root: CommandTable.root)
    let manual = try #require(Manual.page(named: "bingwall.1")).text
    let run = try InProcess()
    let listed = run.run(["sources", "--json"])
    let names = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
    )
    .compactMap { $0["name"] as? String }
    for plugin in SourceRegistry.standard.plugins {
      let word = plugin.id.rawValue
      #expect(sourcesChoices.contains(word), "config 'sources' allows \(word)")
      #expect(names.contains(word), "'bingwall sources' lists \(word)")
      #expect(bash.contains(word), "completion offers \(word)")
      #expect(manual.contains(".It Cm \(word)"), "bingwall(1) describes \(word)")
      for setting in plugin.settings { #expect(keys.contains(setting.name), "config has \(setting.name)") }
      #expect(plugin.firstDay < CalendarDate(year: 2026, month: 1, day: 1)!)
    }
    #expect(Set(SourceRegistry.standard.sources).count == SourceRegistry.standard.plugins.count)
  }

  @Test func aSixthSourceIsListedConfiguredAndCompleted() throws {
    let run = try InProcess()
    let listed = run.run(["sources"], adjust: { $0.sources = Self.registry })
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.contains("fixture — The Fixture Gallery (off)"))
    #expect(listed.stdout.contains("offers: one test picture a day."))

    let keys = run.run(["config", "keys"], adjust: { $0.sources = Self.registry })
    #expect(keys.stdout.contains("fixture.endpoint  (string, default \"\")"))
    #expect(keys.stdout.contains("Base URL of The Fixture Gallery"))
    #expect(!run.run(["config", "keys"]).stdout.contains("fixture"))

    let update = CommandSpec(
      name: "bingwall", abstract: "",
      subcommands: [
        CommandSpec(name: "update", abstract: "", options: [CommonOptions.source(in: Self.registry).spec])
      ])
    #expect(BashCompletion.script(root: update).contains("fixture"))
  }

  /// The update asks it as it asks any other source, stores its picture under its own name, and
  /// `status` gives its next fetch from its plug-in.
  @Test func aSixthSourceIsFetched() throws {
    let run = try InProcess(environment: [
      "BINGWALL_BACKEND": "none", "BINGWALL_SOURCES": "fixture",
      "BINGWALL_FIXTURE_ENDPOINT": "https://fixture.test",
    ])
    run.clock.set(UTC.at("2026-12-01T15:00:00Z"))
    run.http.stub(
      "/today.txt", .ok(Array("https://fixture.test/pictures/today.png\n".utf8), type: "text/plain"))
    run.http.stub("/pictures/today.png", .ok(TestPNG.make(width: 640, height: 360), type: "image/png"))
    let result = run.run(["update"], adjust: { $0.sources = Self.registry })
    #expect(result.status == 0, "\(result.stderr)")
    let store = try HistoryStore(path: run.paths.databaseFile)
    let pictures = try store.pictures(.init(limit: 10))
    #expect(pictures.map(\.id.source.rawValue) == ["fixture"])
    #expect(pictures.first?.title == "Fixture of 2026-12-01")
    let fetch = try #require(try store.fetches()[FixtureSource().id])
    #expect(fetch.newestDay == CalendarDate(year: 2026, month: 12, day: 1))

    // Asked again within its hour, it is not due: no request.
    let before = run.http.requests.count
    #expect(run.run(["update"], adjust: { $0.sources = Self.registry }).status == 0)
    #expect(run.http.requests.count == before)
  }
}
