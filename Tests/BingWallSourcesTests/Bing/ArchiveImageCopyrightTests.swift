import BingWallServiceTestSupport
import BingWallTestSupport
import Testing

@testable import BingWallBing

/// Caption and credit from `copyright`, the title to show, and the copyright link.
@Suite struct ArchiveImageCopyrightTests {
  @Test(arguments: [
    (
      "Lavender rows near Valensole, Provence, France (© Gaspard Lemaire/Getty Images)",
      "Lavender rows near Valensole, Provence, France", "Gaspard Lemaire/Getty Images"
    ),
    (
      "ビーバーズ・ベンド・リゾートパーク, 米国 オクラホマ州 （© Inge Johnsson/Alamy Stock Photo）",
      "ビーバーズ・ベンド・リゾートパーク, 米国 オクラホマ州", "Inge Johnsson/Alamy Stock Photo"
    ),
    // The caption's own parentheses stay; the split is at the last marker.
    (
      "Lake Tekapo (Takapō), Mackenzie Basin (South Island), New Zealand "
        + "(© Aroha Whetu/Night Sky Images/Minden Pictures/Alamy)",
      "Lake Tekapo (Takapō), Mackenzie Basin (South Island), New Zealand",
      "Aroha Whetu/Night Sky Images/Minden Pictures/Alamy"
    ),
    (
      "Old bridge (1850) (© Jane Doe (Studio North)/Getty Images)", "Old bridge (1850)",
      "Jane Doe (Studio North)/Getty Images"
    ),
    ("A (© first) and B (© second)", "A (© first) and B", "second"),
    ("婺源的油菜花田，江西 (© Li Wei/Getty Images)", "婺源的油菜花田，江西", "Li Wei/Getty Images"),
    ("キャプション\u{3000}（©\u{3000}誰か\u{3000}）", "キャプション", "誰か"),
    ("Mixed （© Someone)", "Mixed", "Someone"),
    ("No space(© Someone)", "No space", "Someone"),
    ("  Padded   ( ©  x )", "Padded   ( ©  x )", ""),
    ("Cut short (© Someone", "Cut short", "Someone"),
    ("Only a caption", "Only a caption", ""),
    ("Caption © Someone", "Caption © Someone", ""),
    ("  Spaces around  ", "Spaces around", ""),
    ("(© Only a credit)", "", "Only a credit"),
    ("", "", ""),
    // Bing sent the credit twice (realbing de-DE 2025-04-26): the caption holds no copy of it.
    (
      "Indian Head Cove, Ontario, Kanada (© Maurice Prokaziuk/Getty Images) (© Maurice Prokaziuk/Getty Images)",
      "Indian Head Cove, Ontario, Kanada", "Maurice Prokaziuk/Getty Images"
    ),
    ("Twice in full width （© 誰か） （© 誰か）", "Twice in full width", "誰か"),
    // Bing sent the whole string again inside itself (realbing en-GB 2024-06-30): one copy counts.
    (
      "Stone carving at a temple in Ubud, Bali, Indonesia (© R. SchönebStone carving at a temple in Ubud, "
        + "Bali, Indonesia (© R. Schönebaum/plainpicture)aum/plainpicture)",
      "Stone carving at a temple in Ubud, Bali, Indonesia", "R. Schönebaum/plainpicture"
    ),
    // Text that merely repeats, without a credit, is left alone.
    ("abcabc", "abcabc", ""),
  ])
  func captionAndCredit(copyright: String, caption: String, credit: String) {
    let parts = ArchiveImage.split(copyright: copyright)
    #expect(parts.caption == caption)
    #expect(parts.credit == credit)
  }

  private func image(title: String, copyright: String, link: String = "") throws -> ArchiveImage {
    try ArchiveImage(
      urlbase: "/th?id=OHR.BeaversBend_EN-US1", fullstartdate: "202407080700", startdate: "20240708",
      copyright: copyright, copyrightLink: link, title: title)
  }

  @Test(arguments: [
    ("Stars over the Good Shepherd", "Lake Tekapo (© A/B)", "Stars over the Good Shepherd"),
    ("", "Lake Tekapo (© A/B)", "Lake Tekapo"),
    ("  ", "Lake Tekapo (© A/B)", "Lake Tekapo"),
    ("Info", "Lake Tekapo (© A/B)", "Lake Tekapo"),
    (" Info\n", "Lake Tekapo (© A/B)", "Lake Tekapo"),
    ("Information", "Lake Tekapo (© A/B)", "Information"),
    ("Info", "", "BeaversBend"),
    ("", "(© A/B)", "BeaversBend"),
  ])
  func displayTitle(title: String, copyright: String, shown: String) throws {
    let picture = try image(title: title, copyright: copyright)
    #expect(picture.displayTitle == shown)
    #expect(picture.title == title)
  }

  @Test(
    arguments: [
      ("https://www.bing.com/search?q=x&form=hpcapt", "https://www.bing.com/search?q=x&form=hpcapt"),
      ("HTTPS://example.org/a", "HTTPS://example.org/a"),
      ("http://example.org/a", nil),
      ("/search?q=Atlantic+puffin&form=hpcapt", "http://127.0.0.1:8080/search?q=Atlantic+puffin&form=hpcapt"),
      ("search?q=x", "http://127.0.0.1:8080/search?q=x"),
      ("//www.bing.com/search?q=x", "https://www.bing.com/search?q=x"),
      ("  /search?q=x  ", "http://127.0.0.1:8080/search?q=x"),
      ("", nil),
      ("   ", nil),
      ("javascript:void(0)", nil),
      ("JavaScript:alert(1)", nil),
      ("mailto:someone@example.org", nil),
      ("/search?q=a b", nil),
      ("/search?q=a\u{7F}", nil),
    ] as [(String, String?)])
  func absoluteCopyrightLink(link: String, expected: String?) throws {
    let picture = try image(title: "", copyright: "", link: link)
    #expect(picture.absoluteCopyrightLink(endpoint: "http://127.0.0.1:8080/")?.text == expected)
    #expect(picture.copyrightLink == link)
  }

  /// The search for a copy of the string inside itself is quadratic: hostile text of 100 KB is left
  /// whole (and split at its last credit marker) instead of searched.
  @Test func aHugeRepeatedCopyrightIsNotSearched() {
    let one = String(repeating: "Vatnajökull ", count: 2000) + "(© Someone)"
    let doubled = one + one
    #expect(ArchiveImage.withoutInsertedCopy(doubled) == doubled)
    #expect(ArchiveImage.withoutInsertedCopy("Lake (© A)Lake (© A)") == "Lake (© A)")
  }
}
