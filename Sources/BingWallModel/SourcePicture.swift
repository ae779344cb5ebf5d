import BingWallSystem

/// One picture a source's body offers, typed: what every source but Bing gives (Bing's archive
/// has its own `ArchiveImage`, with the facts only Bing has).
package struct SourcePicture: Sendable, Equatable {
  /// The source and its own id: Spotlight's `entityId` (v4) or `prm._id` (v3), APOD's date,
  /// Wikimedia's file title (`File:…`), its key written as `SourceKey` keeps it.
  package var id: PictureID
  /// The day the source gives the picture; nil when its body says none (Spotlight's rotation,
  /// for which the caller records the day it first fetched the picture).
  package var date: CalendarDate?
  package var words: PictureWords
  /// The longer text about the picture, plain: Spotlight's `description`, APOD's explanation;
  /// empty when the source has none. Kept apart from `words.caption`, which is one short line.
  package var description: String
  /// The terms of use in a few words, shown beside the credit: "CC BY-SA 4.0",
  /// "personal use only", "public domain (NASA)". Free text; empty when the source says none.
  package var licence: String
  /// Where the licence is written out in full (Wikimedia's `license.url`), when the source says.
  package var licenceLink: RemoteURL?
  /// The largest picture the source offers.
  package var image: RemoteURL
  /// The same picture made for a portrait screen, where the source has one (Spotlight).
  package var portrait: RemoteURL?
  /// The page a browser shows about the picture, when the source links one.
  package var page: RemoteURL?

  package init(
    id: PictureID, date: CalendarDate?, words: PictureWords, description: String, licence: String,
    licenceLink: RemoteURL?, image: RemoteURL, portrait: RemoteURL?, page: RemoteURL?
  ) {
    // The id becomes a key that is typed, completed and pasted: no shell word of the source's.
    self.id = PictureID(source: id.source, key: SourceKey.escaped(id.key))
    self.date = date
    // A body may hold megabytes of text in one field; a person reads a few lines of each.
    self.words = words.bounded()
    self.description = StoredText.long(description)
    self.licence = StoredText.line(licence)
    self.licenceLink = licenceLink
    self.image = image
    self.portrait = portrait
    self.page = page
  }
}
