import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing

/// Bing's home-page model read for its stories: the real shape, what is skipped, what is refused.
@Suite struct StoryResponseTests {
  @Test func readsTheStoriesOfTheModel() throws {
    let stories = try StoryResponse.decode(try Fixtures.data("bing/model-en-US.json"), market: "en-US")
    #expect(stories.map(\.bingID) == ["OHR.Lake_EN-US1000", "OHR.Fox_EN-US1001"])
    let lake = try #require(stories.first)
    #expect(lake.date == "2026-12-01")
    #expect(lake.headline == "A mirror at the top of the valley")
    #expect(lake.description.hasPrefix("Early light reaches the still water"))
    #expect(lake.quickFact == "The lake freezes over for five months of the year.")
  }

  @Test func theImageIdIsTheArchivesAndNothingElse() {
    #expect(
      StoryResponse.bingID(fromImageURL: "/th?id=OHR.Lake_EN-US1000_1920x1080.jpg&rf=x")
        == "OHR.Lake_EN-US1000")
    #expect(StoryResponse.bingID(fromImageURL: "/th?id=OHR.Lake_EN-US1000_UHD.jpg") == "OHR.Lake_EN-US1000")
    #expect(StoryResponse.bingID(fromImageURL: "/th?id=OHR.Lake_EN-US1000") == "OHR.Lake_EN-US1000")
    #expect(StoryResponse.bingID(fromImageURL: "/th?id=../x/y_1920x1080.jpg") == nil)
    #expect(StoryResponse.bingID(fromImageURL: "/az/hprichbg/rb/Lake.jpg") == nil)
    #expect(StoryResponse.bingID(fromImageURL: "/th?id=" + String(repeating: "a", count: 200)) == nil)
    #expect(StoryResponse.date(fromSsd: "20261201_0800") == "2026-12-01")
    #expect(StoryResponse.date(fromSsd: "2026120") == nil)
    #expect(StoryResponse.date(fromSsd: "20261341_0800") == nil)
  }

  @Test func textsAreCleanedAndBounded() throws {
    let long = String(repeating: "word ", count: 2000)
    let body = """
      {"MediaContents":[{"ImageContent":{"Headline":"\\u001b[31mred\\u001b[0m","Description":"\(long)",
      "Image":{"Url":"/th?id=OHR.A_EN-US1_1920x1080.jpg"}}}]}
      """
    let story = try #require(try StoryResponse.decode(Data(body.utf8), market: "en-US").first)
    #expect(!story.headline.contains("\u{1b}"))
    #expect(story.headline.contains("red"))
    #expect(story.description.count <= Story.textLimit)
    #expect(story.quickFact == "")
  }

  @Test func aModelListingThousandsIsReadForSixteen() throws {
    let entries = (0..<5000).map {
      "{\"ImageContent\":{\"Headline\":\"h\($0)\",\"Image\":{\"Url\":\"/th?id=OHR.N\($0)_EN-US1_1920x1080.jpg\"}}}"
    }
    let body = "{\"MediaContents\":[" + entries.joined(separator: ",") + "]}"
    #expect(try StoryResponse.decode(Data(body.utf8), market: "en-US").count == StoryResponse.entryLimit)
  }

  @Test func hostileBodiesAreRefusedWhole() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: BingError.self) { try StoryResponse.decode(Data(deep.utf8), market: "en-US") }
    #expect(throws: BingError.self) {
      try StoryResponse.decode(Data("<html><title>Sorry</title></html>".utf8), market: "en-US")
    }
    #expect(throws: BingError.self) { try StoryResponse.decode(Data(), market: "en-US") }
    #expect(throws: BingError.self) { try StoryResponse.decode(Data("[1,2]".utf8), market: "en-US") }
    // An object without MediaContents is a model with no story: nothing, not an error.
    #expect(try StoryResponse.decode(Data("{\"other\":1}".utf8), market: "en-US").isEmpty)
  }
}
