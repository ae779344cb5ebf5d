import BingWallStore

/// The gallery's HTML, in the three parts a stream of pictures needs: the head, one card per
/// picture, and the end, which knows how many cards there were.
///
/// One static file that needs nothing else: styles inline, no script, no font and no request to
/// any server (its Content-Security-Policy forbids them, a second wall behind the escaping), the
/// pictures read from their local files.
enum GalleryPage {
  static let title = "bingwall gallery"

  /// Cards below the first screen are neither laid out nor painted until scrolled near
  /// (`content-visibility`), and their pictures load only then (`loading="lazy"`), so a page of
  /// 100,000 cards shows its first screen as fast as a page of twenty.
  static let style = """
    :root{color-scheme:light dark;--bg:#f3f3f1;--card:#fff;--text:#1d1d1f;--muted:#5c6066;--link:#0b57d0;--star:#c98a00}
    @media (prefers-color-scheme:dark){:root{--bg:#121314;--card:#1f2023;--text:#e9e9e7;--muted:#a2a6ab;--link:#8ab4f8;--star:#f2c14e}}
    *{box-sizing:border-box}
    html{-webkit-text-size-adjust:100%}
    body{margin:0;background:var(--bg);color:var(--text);font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
    header,footer{padding:16px 16px 8px}
    h1{margin:0;font-size:1.35rem}
    main{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,300px),1fr));gap:16px;padding:8px 16px 16px}
    .card{min-width:0;background:var(--card);border-radius:10px;overflow:hidden;box-shadow:0 1px 3px #0002;content-visibility:auto;contain-intrinsic-size:auto 400px}
    .card img{display:block;width:100%;height:auto;background:#8883}
    .text{padding:10px 12px 12px}
    h2{margin:0 0 4px;font-size:1rem;overflow-wrap:anywhere}
    p{margin:0 0 4px;overflow-wrap:anywhere}
    .when,.credit,footer,.empty{color:var(--muted);font-size:.85rem}
    .headline{font-weight:600}.fact{font-style:italic}
    .star{color:var(--star)}
    .banned{opacity:.6}
    .tag{margin-left:6px;padding:0 4px;border:1px solid;border-radius:4px;font-size:.75rem}
    .apply{margin-top:8px}
    .apply code{font:.8rem ui-monospace,monospace;color:var(--muted);overflow-wrap:anywhere;-webkit-user-select:all;user-select:all;cursor:text}
    a{color:var(--link)}
    """

  static let head = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src file: data:; style-src 'unsafe-inline'">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <meta name="referrer" content="no-referrer">
    <title>\(title)</title>
    <style>
    \(style)
    </style>
    </head>
    <body>
    <header><h1>bingwall</h1></header>
    <main>

    """

  /// Appends one picture's card: the picture (a link to its file), title, date and markets,
  /// caption, credit, the favourite star or a discreet "banned", the `bingwall apply KEY` line,
  /// and the link to Bing when there is a web one. Every piece of text is escaped; nothing from the history becomes markup.
  static func appendCard(_ picture: Picture, to html: inout [UInt8]) {
    let title = picture.displayTitle
    html += "<article class=\"card".utf8
    if picture.favorite { html += " favorite".utf8 }
    if picture.banned { html += " banned".utf8 }
    html += "\" data-id=\"".utf8
    html += String(picture.rowID).utf8
    html += "\" data-key=\"".utf8
    HTMLText.append(picture.id.key, to: &html)
    // A percent-encoded URL holds nothing HTML would read as markup.
    let file = PageURL.file(picture.path)
    html += "\"><a href=\"".utf8
    html += file.utf8
    html += "\"><img loading=\"lazy\" decoding=\"async\" src=\"".utf8
    html += file.utf8
    html += "\" width=\"".utf8
    html += String(picture.width).utf8
    html += "\" height=\"".utf8
    html += String(picture.height).utf8
    html += "\" alt=\"".utf8
    HTMLText.append(title, to: &html)
    html += "\"></a><div class=\"text\"><h2>".utf8
    if picture.favorite { html += "<span class=\"star\" title=\"Favourite\">★</span> ".utf8 }
    HTMLText.append(title, to: &html)
    html += "</h2><p class=\"when\">".utf8
    HTMLText.append(picture.date.description, to: &html)
    // Bing's markets, and the other sources that showed it by name.
    let places = picture.sources.filter { $0 != .bing }.map(\.displayName) + picture.markets.map(\.code)
    if !places.isEmpty { html += " · ".utf8 }
    for (index, place) in places.enumerated() {
      if index > 0 { html += ", ".utf8 }
      HTMLText.append(place, to: &html)
    }
    if picture.banned { html += "<span class=\"tag\">banned</span>".utf8 }
    html += "</p>".utf8
    if !picture.caption.isEmpty, picture.caption != title {
      html += "<p class=\"caption\">".utf8
      HTMLText.append(picture.caption, to: &html)
      html += "</p>".utf8
    }
    if let story = picture.story {
      for (kind, text) in [
        ("headline", story.headline), ("story", story.description), ("fact", story.quickFact),
      ]
      where !text.isEmpty {
        html += "<p class=\"\(kind)\">".utf8
        HTMLText.append(text, to: &html)
        html += "</p>".utf8
      }
    }
    if !picture.credit.isEmpty {
      html += "<p class=\"credit\">© ".utf8
      HTMLText.append(picture.credit, to: &html)
      html += "</p>".utf8
    }
    if !picture.licence.isEmpty {
      html += "<p class=\"licence\">".utf8
      HTMLText.append(picture.licence, to: &html)
      html += "</p>".utf8
    }
    // The command that sets this picture, selected whole by one click, to paste in a terminal.
    html += "<p class=\"apply\"><code title=\"Run in a terminal to set this picture\">".utf8
    HTMLText.append(ApplyCommandLine.text(for: picture), to: &html)
    html += "</code></p>".utf8
    if let link = picture.copyrightLink.flatMap({ PageURL.web($0.text) }) {
      html += "<p><a class=\"bing\" href=\"".utf8
      HTMLText.append(link, to: &html)
      html += "\" target=\"_blank\" rel=\"noopener noreferrer\">On ".utf8
      HTMLText.append(picture.id.source.displayName, to: &html)
      html += "</a></p>".utf8
    }
    html += "</div></article>\n".utf8
  }

  /// The end of the page: what an empty history means, the count, and when the page was written.
  static func end(count: Int, writtenAt: String) -> String {
    let empty =
      count == 0
      ? "<p class=\"empty\">No pictures stored yet; run <code>bingwall update</code>, then "
        + "<code>bingwall gallery</code> again.</p>\n"
      : ""
    let pictures = count == 1 ? "1 picture" : "\(count) pictures"
    return """
      </main>
      \(empty)<footer>\(pictures), newest first. Written by bingwall on \(HTMLText.escaped(writtenAt)).</footer>
      </body>
      </html>

      """
  }
}
