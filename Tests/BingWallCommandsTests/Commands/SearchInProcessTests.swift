import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallStore
@testable import BingWallSystem

/// `search` inside the test process, over titles and captions Bing really sent (German with accents,
/// Japanese, Chinese, English), stored by a real `update` into a real SQLite file.
@Suite struct SearchInProcessTests {
  /// Newest first: each picture's key, title and copyright string, as the archive gave them.
  static let real: [(name: String, title: String, copyright: String)] = [
    (
      "Windmills", "Dort wo der Regenbogen endet",
      "Windmühlen, Kinderdijk, Niederlande (© Achim Thomae/Getty Images)"
    ),
    (
      "Duesseldorf", "Die Geschichte feiern",
      "Luftbild des Düsseldorfer Stadtteils Oberkassel mit Rheinkniebrücke, Nordrhein-Westfalen (© Hans Blossey/Alamy Stock Photo)"
    ),
    ("Trento", "2022 年ワールドカップ開幕", "｢トレントのクリスマス・マーケット｣イタリア,　南ティロル自治州 (© Carlo Trolese/500px)"),
    ("Shiprock", "500年前，是谁回到了这座城市？", "纳瓦霍族保留地内的船岩，新墨西哥州 (© Wild Horizon/Getty Images)"),
    (
      "Vatna", "Land of fire and ice",
      "Ice cave in Vatnajökull National Park, Iceland (© Someone/Getty Images)"
    ),
  ]

  static func context() throws -> InProcess {
    let run = try InProcess(environment: [
      "BINGWALL_ENDPOINT": FakeBingRun.endpoint, "BINGWALL_BACKEND": "none",
    ])
    run.clock.set(UTC.at("2026-12-01T09:00:00Z"))
    let images = zip(real, FakeBing.week()).map { picture, day in
      var image = day
      image.name = picture.name
      image.title = picture.title
      image.copyright = picture.copyright
      return image
    }
    try FakeBingRun.serve(run, listing: images, pictures: images)
    let update = run.run(["update", "--market", "en-US", "--no-apply"])
    #expect(update.status == 0, "\(update.stderr)")
    return run
  }

  static func keys(_ run: InProcess, _ arguments: [String]) throws -> [String] {
    let result = run.run(["search"] + arguments + ["--json"])
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    // As grep: 0 when something matches, 1 when nothing does (the JSON is then `[]`).
    #expect(result.status == (array.isEmpty ? 1 : 0), "\(result.stderr)")
    return array.compactMap { $0["key"] as? String }
  }

  @Test(arguments: [
    (["vatnajokull"], ["OHR.Vatna"]),  // no accent typed, one stored
    (["VATNAJÖKULL"], ["OHR.Vatna"]),  // case
    (["windmuhlen"], ["OHR.Windmills"]),
    (["regenbogen", "endet"], ["OHR.Windmills"]),  // every word, in the title
    (["regenbogen", "feiern"], []),  // every word must match
    (["rhein"], ["OHR.Duesseldorf"]),  // a word prefix: Rheinkniebrücke
    (["getty"], ["OHR.Windmills", "OHR.Shiprock", "OHR.Vatna"]),  // the credit, newest first
    (["ワールドカップ"], ["OHR.Trento"]),
    (["クリスマス"], ["OHR.Trento"]),  // the caption, in the middle of a word
    (["新墨西哥"], ["OHR.Shiprock"]),
    (["船岩"], ["OHR.Shiprock"]),  // two characters: below what trigrams can match
    (["城"], ["OHR.Shiprock"]),  // one character
    (["开幕"], []),  // simplified, where the Japanese title has 開幕
    (["開幕"], ["OHR.Trento"]),
  ])
  func finds(query: [String], expected: [String]) throws {
    let run = try Self.context()
    #expect(try Self.keys(run, query) == expected)
  }

  @Test func likeWildcardsAndQuerySyntaxAreJustText() throws {
    let run = try Self.context()
    #expect(try Self.keys(run, ["城%"]) == [])
    #expect(try Self.keys(run, ["\"ice", "OR", "windm*\""]) == [])  // words, not FTS5 operators
    #expect(try Self.keys(run, ["ice", "NEAR"]) == [])
  }

  @Test func noMatchExitsOneAsGrepDoes() throws {
    let run = try Self.context()
    let none = run.run(["search", "lighthouse"])
    #expect(none.status == 1)
    #expect(none.stdout == "" && none.stderr == "", "\(none.stderr)")
    #expect(run.run(["search", "vatnajokull"]).status == 0)
    let empty = try InProcess(environment: ["BINGWALL_BACKEND": "none"])
    #expect(empty.run(["search", "lighthouse"]).status == 1)
  }

  @Test func textWithoutALetterIsAUsageError() throws {
    let run = try Self.context()
    let result = run.run(["search", "--", "-!?"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("has no letter or digit"), "\(result.stderr)")
  }

  @Test func limitAndTheTextOutput() throws {
    let run = try Self.context()
    #expect(try Self.keys(run, ["getty", "--limit", "1"]) == ["OHR.Windmills"])
    let piped = run.run(["search", "vatnajokull"])
    #expect(piped.stdout.split(separator: "\t").contains("OHR.Vatna"), "\(piped.stdout)")
  }

  /// An older history gets its index from the migration, and the index follows every later write.
  @Test func theIndexFollowsCorrectedCaptions() throws {
    let run = try Self.context()
    let store = try HistoryStore(path: run.paths.databaseFile)
    try store.write {
      _ = try store.database.run(
        "UPDATE appearances SET caption = 'Eishöhle' WHERE title = 'Land of fire and ice'")
    }
    #expect(try Self.keys(run, ["vatnajokull"]) == [])
    #expect(try Self.keys(run, ["eishohle"]) == ["OHR.Vatna"])
  }

  /// A history written before search existed (schema version 1) gets its index from the migration.
  @Test func anOlderHistoryIsIndexedWhenOpened() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("history.db")
    do {
      let old = try SQLiteDatabase(path: path)
      _ = try SQLiteMigrator([HistorySchema.version1]).migrate(old)
      try old.execute(
        """
        INSERT INTO pictures (id, key, sha256, path, resolution, width, height, bytes, added_at)
          VALUES (1, 'OHR.Vatna', 'abababababababababababababababababababababababababababababababab', '/p/a.jpg', 'UHD', 3840, 2160, 10, '2020-01-01T00:00:00Z');
        INSERT INTO appearances (picture_id, market, date, bing_id, title, caption, credit, copyright,
          copyright_link, urlbase, hsh, wp, fullstartdate, first_seen, updated_at)
          VALUES (1, 'de-DE', '2020-01-01', 'OHR.Vatna_DE-DE1', 'Eis', 'Gletscher im Vatnajökull', 'X', '',
            '', '', '', 1, '202001010800', '2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z');
        """)
      #expect(try old.userVersion() == 1)
    }
    let store = try HistoryStore(path: path)
    #expect(try store.search("vatnajokull", limit: 0)?.map(\.id.key) == ["OHR.Vatna"])
    #expect(try store.search("gletscher eis", limit: 0)?.map(\.id.key) == ["OHR.Vatna"])
  }
}
