import Foundation

/// The few real Bing responses copied into `Tests/Fixtures/realbing` (origins in its
/// SOURCES.txt), for in-process tests that must not depend on the full corpus being there.
package enum RealBingFixtures {
  /// da-DK as captured without `mbl=1`: no `market` object, every id `_ROW…`.
  package static let daDKServedROW = "da-DK_2022-05-05"
  /// de-DE without a `market` object, its own `_DE-DE…` pictures; 2025-04-25's credit twice.
  package static let deDEOwnPictures = "de-DE_2025-04-26"
  /// en-GB whose newest copyright holds a second copy of itself.
  static let enGBInsertedCopy = "en-GB_2024-06-30"
  /// `deDEOwnPictures` with a lone `\ud800` escape in its second title.
  package static let deDELoneSurrogate = "de-DE_2025-04-26-lone-surrogate"

  package static let folder = Fixtures.folder.appendingPathComponent("realbing")

  package static func body(_ name: String) throws -> Data {
    try Fixtures.data("realbing/\(name).json")
  }
}
