import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage
@testable import BingWallKit

/// The caption: Pango markup escaped, the calmest corner chosen, and nothing drawn elsewhere.
@Suite struct CaptionTests {
  @Test(arguments: [
    ("<b>&", "&lt;b&gt;&amp;"),
    ("Tom's \"view\"", "Tom&apos;s &quot;view&quot;"),
    ("Þingvellir, Ísland — 雪", "Þingvellir, Ísland — 雪"),
    ("two\nlines\u{1}", "two lines "),
  ])
  func markupIsEscaped(text: String, escaped: String) {
    #expect(PangoMarkup.escaped(text) == escaped)
  }

  /// Unescaped, `<b>&` is a markup error and no caption at all; escaped, it is drawn as text.
  @Test func aTitleThatLooksLikeMarkupIsDrawnLiterally() throws {
    let folder = try TemporaryDirectory()
    let plain = try Image.cropped(
      from: try TestPictures.gradient(in: folder, width: 640, height: 360),
      to: PixelSize(width: 640, height: 360))
    let caption = Caption(title: "<b>&", credit: "© <i>&amp;")
    #expect(caption.markup(colour: "white").contains("<b>&lt;b&gt;&amp;</b>"))
    #expect(caption.markup(colour: "white").contains("<small>© &lt;i&gt;&amp;amp;</small>"))
    let layout = CaptionLayout(for: plain.size)
    let literal = try Image.rendered(
      caption.markup(colour: "white"), layout, api: VipsLibrary.api(), source: "t")
    let alone = try Image.rendered(
      Caption(title: "&", credit: "").markup(colour: "white"), layout, api: VipsLibrary.api(), source: "t")
    #expect(literal.width > alone.width, "the tag's characters are drawn")
    #expect(throws: ImageError.self) {
      try Image.rendered("<b>&", layout, api: VipsLibrary.api(), source: "t")
    }
    #expect(try plain.captioned(caption).size == plain.size)
  }

  /// With a story, Bing's headline goes above the title, in italics, escaped; its block is a line
  /// taller than the caption without it.
  @Test func theHeadlineIsALineAboveTheTitle() throws {
    let with = Caption(title: "Lake", credit: "© Someone", headline: "A <mirror> & more")
    #expect(
      with.markup(colour: "white")
        == "<span foreground=\"white\"><i>A &lt;mirror&gt; &amp; more</i>\n<b>Lake</b>\n<small>© Someone</small></span>"
    )
    let without = Caption(title: "Lake", credit: "© Someone")
    #expect(!without.markup(colour: "white").contains("<i>"))
    let layout = CaptionLayout(for: PixelSize(width: 1920, height: 1080))
    let tall = try Image.rendered(with.markup(colour: "white"), layout, api: VipsLibrary.api(), source: "t")
    let short = try Image.rendered(
      without.markup(colour: "white"), layout, api: VipsLibrary.api(), source: "t")
    #expect(tall.height > short.height)
  }

  /// The text that goes to Pango is each field cleaned as a terminal line is: the override that
  /// drew "Plain DROW end" is gone, and the caption is drawn.
  @Test func aBidiOverrideIsNotDrawn() throws {
    let caption = Caption(
      title: "Plain \u{202E}WORD\u{202C} end", credit: "\u{2067}© Someone\u{2069}",
      headline: "A\u{200F} head\u{2029}line")
    #expect(
      caption.markup(colour: "white")
        == "<span foreground=\"white\"><i>A head line</i>\n<b>Plain WORD end</b>\n<small>© Someone</small></span>"
    )
    let folder = try TemporaryDirectory()
    let plain = try Image.cropped(
      from: try TestPictures.gradient(in: folder, width: 640, height: 360),
      to: PixelSize(width: 640, height: 360))
    let drawn = try plain.captionPlacement(caption)
    let clean = try plain.captionPlacement(
      Caption(title: "Plain WORD end", credit: "© Someone", headline: "A head line"))
    #expect(drawn.text.size == clean.text.size)
  }

  /// 150 line separators in a title made 149 lines, a caption too tall for any screen, so none:
  /// they are one space, and the caption is the one of the same words on one line.
  @Test func lineSeparatorsAreSpaces() throws {
    let folder = try TemporaryDirectory()
    let plain = try Image.cropped(
      from: try TestPictures.gradient(in: folder, width: 1920, height: 1080),
      to: PixelSize(width: 1920, height: 1080))
    let separated = ScreenPictures.caption(
      title: "Lake" + String(repeating: "\u{2028}", count: 150) + "Hills", credit: "© Some\u{2029}one")
    #expect(separated == Caption(title: "Lake Hills", credit: "© Some one"))
    let direct = Caption(title: "Lake" + String(repeating: "\u{2028}", count: 150) + "Hills", credit: "© x")
    let placement = try plain.captionPlacement(direct)
    let oneLine = try plain.captionPlacement(Caption(title: "Lake Hills", credit: "© x"))
    #expect(placement.text.size == oneLine.text.size)
  }

  /// A 10,000-letter word: cut to the caption's length with an ellipsis, and broken inside the
  /// word where it is wider than the line, so the caption fits the screen.
  @Test func aVeryLongWordIsBrokenAndFits() throws {
    let word = String(repeating: "W", count: 10_000)
    let caption = ScreenPictures.caption(title: word, credit: "© Someone")
    #expect(caption.title.unicodeScalars.count == ScreenPictures.captionMaximumLength)
    #expect(caption.title.hasSuffix("W…"))
    for (width, height) in [(1920, 1080), (1280, 1024), (1080, 1920)] {
      let folder = try TemporaryDirectory()
      let plain = try Image.cropped(
        from: try TestPictures.gradient(in: folder, width: width, height: height),
        to: PixelSize(width: width, height: height))
      let placement = try plain.captionPlacement(caption)
      let layout = CaptionLayout(for: plain.size)
      #expect(placement.text.width <= layout.wrapWidth, "\(width)x\(height)")
      #expect(placement.text.height > 2 * layout.fontSize, "\(width)x\(height): broken into lines")
      #expect(try plain.captioned(caption).size == plain.size)
    }
  }

  /// Noise everywhere but one flat quarter: that quarter's corner gets the caption.
  @Test(arguments: [
    ("0,0 319,179", CaptionCorner.topLeft), ("320,0 639,179", .topRight),
    ("0,180 319,359", .bottomLeft), ("320,180 639,359", .bottomRight),
  ])
  func theCaptionGoesInTheCalmestCorner(flat: String, corner: CaptionCorner) throws {
    let folder = try TemporaryDirectory()
    let picture = try TestPictures.draw(
      "busy.jpg", in: folder,
      [
        "-size", "640x360", "xc:gray50", "-seed", "21", "+noise", "Random", "-fill", "#336699", "-draw",
        "rectangle \(flat)",
      ])
    let plain = try Image.cropped(from: picture, to: PixelSize(width: 640, height: 360))
    let placement = try plain.captionPlacement(Caption(title: "Vatnajökull", credit: "© Someone"))
    #expect(placement.corner == corner)
  }

  /// Something is drawn in the patch, and every pixel outside it is the plain picture's: the four
  /// strips around the patch have exactly the plain picture's mean and deviation.
  @Test func theCaptionChangesOnlyItsPatch() throws {
    let folder = try TemporaryDirectory()
    let plain = try Image.cropped(
      from: try TestPictures.noise(in: folder, width: 800, height: 450),
      to: PixelSize(width: 800, height: 450))
    let caption = Caption(title: "Ice cave in Vatnajökull, Iceland", credit: "© Photographer/Agency")
    let placement = try plain.captionPlacement(caption)
    let captioned = try plain.captioned(caption)
    let patch = placement.patch
    #expect(patch.width > 100 && patch.height > 20, "\(patch)")
    let inside = { (image: Image) throws -> (Double, Double) in
      let region = try image.region(patch)
      return (try region.mean(), try region.deviation())
    }
    #expect(try inside(captioned) != inside(plain))
    let outside = [
      PixelRect(x: 0, y: 0, width: 800, height: patch.y),
      PixelRect(x: 0, y: patch.y + patch.height, width: 800, height: 450 - patch.y - patch.height),
      PixelRect(x: 0, y: patch.y, width: patch.x, height: patch.height),
      PixelRect(
        x: patch.x + patch.width, y: patch.y, width: 800 - patch.x - patch.width, height: patch.height),
    ].filter { $0.width > 0 && $0.height > 0 }
    for rect in outside {
      let before = try plain.region(rect)
      let after = try captioned.region(rect)
      #expect(try after.mean() == before.mean(), "\(rect)")
      #expect(try after.deviation() == before.deviation(), "\(rect)")
    }
  }

  @Test func aCaptionTooLargeForThePictureIsAClearError() throws {
    let folder = try TemporaryDirectory()
    let tiny = try Image.open(jpeg: try TestPictures.noise(in: folder, width: 40, height: 20))
    #expect {
      try tiny.captioned(Caption(title: "A title far too long for forty pixels", credit: "© x"))
    } throws: { error in
      "\(error)".hasPrefix("cannot caption \(folder.path)/noise-40x20.jpg: a ") && !"\(error)".contains("\n")
    }
  }
}
