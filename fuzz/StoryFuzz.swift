import FoundationEssentials

@testable import BingWallBing
@testable import BingWallSystem

// libFuzzer entry for Bing's story parser, the home page's model (`make fuzz`): any body must
// give stories or a `BingError`, never crash; at most `entryLimit` stories, each with a plain
// id and texts cleaned and bounded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStory(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  let body = Data(UnsafeBufferPointer(start: data, count: count))
  guard let stories = try? StoryResponse.decode(body, market: "en-US") else { return 0 }
  precondition(stories.count <= StoryResponse.entryLimit, "more stories than the limit")
  precondition(Set(stories.map(\.bingID)).count == stories.count, "a story twice")
  for story in stories {
    precondition(!story.isEmpty, "an empty story")
    precondition(
      StoryResponse.bingID(fromImageURL: "/th?id=\(story.bingID)") == story.bingID, "not a plain id")
    for text in [story.headline, story.description, story.quickFact] {
      precondition(text.count <= Story.textLimit, "a text longer than the limit")
      precondition(!text.unicodeScalars.contains { TerminalText.isUnsafe($0.value) }, "an unsafe character")
    }
    if let date = story.date {
      precondition(date.utf8.count == 10 && date.utf8.filter { $0 == UInt8(ascii: "-") }.count == 2, date)
    }
  }
  return 0
}
