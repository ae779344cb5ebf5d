import BingWallModel
import BingWallSystem
import FoundationEssentials

extension HistoryStore {
  /// The pictures any of whose market appearances has `text` in its title, caption or credit,
  /// or in its story's headline, description or quick fact, newest first, each once.
  ///
  /// Text with Chinese, Japanese or Korean characters is a substring: through the trigram index from
  /// three characters on, a LIKE over the appearances below that (trigrams need three). Other text
  /// is a set of words, each matched as a word prefix, regardless of case and accents. Nil when the
  /// text holds no letter or digit to search for.
  package func search(_ text: String, limit: Int, sources: [Source] = []) throws(StoreError) -> [Picture]? {
    let sql: String
    let binding: String
    if text.unicodeScalars.contains(where: SearchText.isCJK) {
      let needle = text.trimmed()
      guard !needle.isEmpty else { return nil }
      if needle.count >= 3 {
        sql = """
          SELECT rowid AS id FROM appearances_trigrams WHERE appearances_trigrams MATCH :q
          UNION \(Self.storyMatches("stories_trigrams"))
          """
        binding = SearchText.phrase(needle)
      } else {
        sql = """
          SELECT id FROM appearances
          WHERE title LIKE :q ESCAPE '\\' OR caption LIKE :q ESCAPE '\\' OR credit LIKE :q ESCAPE '\\'
          UNION
          SELECT a.id FROM appearances a JOIN stories s ON s.market = a.market AND s.bing_id = a.bing_id
          WHERE s.headline LIKE :q ESCAPE '\\' OR s.description LIKE :q ESCAPE '\\'
            OR s.quick_fact LIKE :q ESCAPE '\\'
          """
        binding = "%" + SearchText.likeEscaped(needle) + "%"
      }
    } else {
      let words = SearchText.words(text)
      guard !words.isEmpty else { return nil }
      sql = """
        SELECT rowid AS id FROM appearances_words WHERE appearances_words MATCH :q
        UNION \(Self.storyMatches("stories_words"))
        """
      binding = words.map { SearchText.phrase($0) + " *" }.joined(separator: " ")
    }
    let scope = sources.isEmpty ? "" : "WHERE a.source IN (SELECT value FROM json_each(:sources))"
    let walk = try database.prepare(
      """
      SELECT a.picture_id FROM appearances a JOIN (\(sql)) m ON m.id = a.id \(scope)
      ORDER BY a.date DESC, a.picture_id DESC
      """)
    var bindings: [String: SQLiteValue] = [":q": .text(binding)]
    if !sources.isEmpty { bindings[":sources"] = .text(Self.jsonList(sources)) }
    try walk.bind(bindings)
    var seen = UniqueElements<Int64>()
    var pictures: [Picture] = []
    while limit == 0 || pictures.count < limit, try walk.step() {
      guard case .integer(let id) = walk.value(at: 0), seen.add(id) else { continue }
      if let picture = try picture(id: id) { pictures.append(picture) }
    }
    return pictures
  }
}

extension HistoryStore {
  /// The appearances whose story matches `:q` in the FTS5 index `index` (`stories_words`,
  /// `stories_trigrams`).
  fileprivate static func storyMatches(_ index: String) -> String {
    """
    SELECT a.id FROM appearances a JOIN stories s ON s.market = a.market AND s.bing_id = a.bing_id
    WHERE s.id IN (SELECT rowid FROM \(index) WHERE \(index) MATCH :q)
    """
  }
}

/// How a search text becomes an FTS5 query or a LIKE pattern: never query syntax of the user's.
enum SearchText {
  /// Han, kana, Hangul and their punctuation: scripts written without spaces between words.
  static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF,
      0xFF00...0xFFEF, 0x20000...0x2FA1F:
      return true
    default:
      return false
    }
  }

  /// The runs of letters and digits, as unicode61 splits them.
  static func words(_ text: String) -> [String] {
    text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
  }

  /// An FTS5 string: in double quotes, inner ones doubled, so nothing in it is an operator.
  static func phrase(_ text: String) -> String {
    "\"" + text.replacingEvery("\"", with: "\"\"") + "\""
  }

  /// `%`, `_` and the escape character itself made literal for `LIKE … ESCAPE '\'`.
  static func likeEscaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if character == "%" || character == "_" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
