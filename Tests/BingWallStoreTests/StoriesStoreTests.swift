import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallModel
@testable import BingWallStore

/// Stories (schema version 5): a history of version 4 takes the table and its indexes with its
/// pictures intact, a story joins the appearance it names, is searched, is replaced by a newer
/// text, and goes with the last appearance it describes.
@Suite struct StoriesStoreTests {
  static func history(in folder: TemporaryDirectory) throws -> String {
    let path = folder.file("history.db")
    try OldHistory.make(at: path, version: 4)
    return path
  }

  static let now = Date(timeIntervalSince1970: 1_796_000_000)

  @Test func aVersion4HistoryGainsStoriesSearchedAndShown() throws {
    let folder = try TemporaryDirectory()
    let store = try HistoryStore(path: try Self.history(in: folder))
    #expect(try store.picture(id: 1)?.story == nil)
    #expect(try store.lacksStory(market: Market(stored: "en-US"), bingID: "OHR.Lake_EN-US1000"))
    let story = PictureStory(
      headline: "Still water", description: "Rock flour keeps it green.", quickFact: "Frozen five months.")
    #expect(
      try store.record(
        story, market: Market(stored: "en-US"), bingID: "OHR.Lake_EN-US1000", date: "2026-12-01", at: Self.now
      )
    )
    #expect(try !store.lacksStory(market: Market(stored: "en-US"), bingID: "OHR.Lake_EN-US1000"))
    #expect(try store.pictures(.init(limit: 1, market: Market(stored: "en-US"))).first?.story == story)
    #expect(try store.search("flour", limit: 0)?.map(\.id.key) == ["OHR.Lake"])
    #expect(try store.search("frozen", limit: 0)?.map(\.id.key) == ["OHR.Lake"])

    // A newer text replaces the old, in the index too.
    let revised = PictureStory(headline: "Still water", description: "Silt keeps it green.", quickFact: "")
    try store.record(
      revised, market: Market(stored: "en-US"), bingID: "OHR.Lake_EN-US1000", date: "2026-12-01", at: Self.now
    )
    #expect(try store.search("flour", limit: 0)?.isEmpty == true)
    #expect(try store.search("silt", limit: 0)?.map(\.id.key) == ["OHR.Lake"])
    #expect(try store.database.scalar("SELECT count(*) FROM stories") == 1)

    try store.write { try store.deletePicture(id: 1) }
    #expect(try store.database.scalar("SELECT count(*) FROM stories") == 0)
    #expect(try store.search("silt", limit: 0)?.isEmpty == true)
  }

  @Test func chineseTextIsFoundInTheStoryToo() throws {
    let folder = try TemporaryDirectory()
    let store = try HistoryStore(path: try Self.history(in: folder))
    let story = PictureStory(headline: "湖光山色", description: "清晨的湖面像一面镜子。", quickFact: "")
    try store.record(
      story, market: Market(stored: "en-US"), bingID: "OHR.Lake_EN-US1000", date: nil, at: Self.now)
    #expect(try store.search("一面镜子", limit: 0)?.map(\.id.key) == ["OHR.Lake"])
    #expect(try store.search("湖光", limit: 0)?.map(\.id.key) == ["OHR.Lake"])
  }
}
