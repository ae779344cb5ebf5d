import BingWallServiceTestSupport
import BingWallTestSupport
import Testing

@testable import BingWallModel

/// Every source's picture keeps a few lines of each text: a body may hold megabytes in one
/// field (4 MiB is the body's bound), which would reach the history, `update`'s output and
/// every card.
@Suite struct SourcePictureBoundsTests {
  @Test func eachTextIsCutToItsBound() throws {
    let huge = String(repeating: "é", count: 2_000_000)
    let url = try RemoteURL(checking: "https://example.org/a.jpg", policy: .httpsOnly)
    let picture = SourcePicture(
      id: PictureID(source: .earthObservatory, key: "1-a"), date: nil,
      words: PictureWords(title: huge, caption: huge, credit: huge, copyright: huge, copyrightLink: nil),
      description: huge, licence: huge, licenceLink: nil, image: url, portrait: nil, page: nil)
    let words = picture.words
    for text in [words.title, words.caption, words.credit, words.copyright, picture.licence] {
      #expect(text.count == StoredText.lineLimit)
    }
    // A link is a `RemoteURL`, which is never longer than one URL's length.
    #expect(RemoteURL(link: "https://example.org/" + String(repeating: "a", count: 4096)) == nil)
    #expect(picture.description.count == StoredText.longLimit)
    // Short words are kept as they are.
    let short = SourcePicture(
      id: PictureID(source: .apod, key: "2026-12-01"), date: nil,
      words: PictureWords(title: "Sh2", caption: "", credit: "Bing Xin", copyright: "", copyrightLink: nil),
      description: "Nebulas.", licence: "", licenceLink: nil, image: url, portrait: nil, page: nil)
    #expect(short.words.title == "Sh2" && short.words.credit == "Bing Xin" && short.description == "Nebulas.")
  }
}
