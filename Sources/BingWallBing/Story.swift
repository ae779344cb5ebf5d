import BingWallModel
import BingWallSystem

/// Bing's longer text for one picture, from its home page's model (`/hp/api/model`): a headline,
/// a description of a few sentences and a quick fact, where the archive has only its one-line
/// copyright. Every text is optional; together they are this much and no more.
package struct Story: Sendable, Equatable {
  /// The picture's id as the archive spells it (`OHR.Lake_EN-US1234567890`), the key a story is
  /// matched to its picture by.
  package var bingID: String
  /// The day Bing showed it (from `Ssd`, `20261201_0800`); nil when absent.
  package var date: CalendarDate?
  package var headline: String
  package var description: String
  package var quickFact: String

  package init(bingID: String, date: CalendarDate?, headline: String, description: String, quickFact: String)
  {
    self.bingID = bingID
    self.date = date
    self.headline = headline
    self.description = description
    self.quickFact = quickFact
  }

  /// The longest text kept of each field, in characters: Bing's descriptions run to about 600;
  /// anything past this is not a caption.
  static let textLimit = StoredText.longLimit

  /// Whether there is anything to tell: a story of empty texts is not stored.
  package var isEmpty: Bool { headline.isEmpty && description.isEmpty && quickFact.isEmpty }
}
