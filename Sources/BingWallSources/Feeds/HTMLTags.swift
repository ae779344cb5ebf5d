import BingWallSystem

/// The tags of a fragment of HTML that a feed carries (an RSS item's `description`, its
/// `content:encoded`), read for a few attributes: an `<img>`'s `src`, an `<a>`'s `href`.
///
/// Not an HTML parser: it finds tags and their attributes, and the HTML between a start tag and
/// its end tag; the text stays data that `PlainText` makes into one line. One pass over the
/// bytes, and at most `maximumTags` tags and `maximumAttributes` attributes a tag, so the work
/// is linear in the fragment's size, which the feed's body bounds.
struct HTMLTags {
  /// One tag as written.
  struct Tag: Equatable {
    /// Lower-cased: `img`, `a`, `div`.
    var name: String
    /// True for `</name>`.
    var isEnd: Bool
    /// Names lower-cased, values with their character references decoded.
    var attributes: [String: String]
    /// The byte offsets of the `<` and after the `>`.
    var start: Int
    var end: Int
  }

  static let maximumTags = 10_000
  static let maximumAttributes = 64

  let bytes: [UInt8]
  /// Every tag of the fragment, in order, at most `maximumTags`.
  let tags: [Tag]

  init(_ html: String) {
    bytes = Array(html.utf8)
    var tags: [Tag] = []
    var index = 0
    while index < bytes.count, tags.count < Self.maximumTags {
      index = ByteSearch.index(of: UInt8(ascii: "<"), in: bytes, from: index)
      guard index < bytes.count else { break }
      if Self.starts(bytes, at: index, with: "<!--") {
        index = Self.find(bytes, "-->", from: index + 4).map { $0 + 3 } ?? bytes.count
        continue
      }
      guard let (tag, next) = Self.tag(bytes, at: index) else {
        index += 1
        continue
      }
      tags.append(tag)
      index = next
    }
    self.tags = tags
  }

  /// The start tags called `name`, in order.
  func starts(_ name: String) -> [Tag] {
    tags.filter { !$0.isEnd && $0.name == name }
  }

  /// The HTML inside `tag` (a start tag of this fragment), up to its matching end tag (the same
  /// name, nesting counted), or to the end of the fragment when it is never closed.
  func inner(_ tag: Tag) -> String {
    var depth = 0
    for other in tags where other.start >= tag.end && other.name == tag.name {
      if !other.isEnd {
        depth += 1
      } else if depth == 0 {
        return String(decoding: bytes[tag.end..<other.start], as: UTF8.self)
      } else {
        depth -= 1
      }
    }
    return String(decoding: bytes[tag.end...], as: UTF8.self)
  }

  /// The tag at `start` and the offset after it; nil when the `<` there opens no tag (`a < b`).
  private static func tag(_ bytes: [UInt8], at start: Int) -> (Tag, Int)? {
    var index = start + 1
    let isEnd = index < bytes.count && bytes[index] == UInt8(ascii: "/")
    if isEnd { index += 1 }
    let nameStart = index
    while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
    guard index > nameStart, index - nameStart <= 32, isLetter(bytes[nameStart]) else { return nil }
    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
    var attributes: [String: String] = [:]
    while index < bytes.count {
      while index < bytes.count, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1 }
      guard index < bytes.count else { break }
      if bytes[index] == UInt8(ascii: ">") {
        return (
          Tag(name: name, isEnd: isEnd, attributes: attributes, start: start, end: index + 1), index + 1
        )
      }
      let attributeStart = index
      while index < bytes.count, !isSpace(bytes[index]),
        ![UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[index])
      {
        index += 1
      }
      if index == attributeStart {
        index += 1
        continue
      }
      let attribute = String(decoding: bytes[attributeStart..<index], as: UTF8.self).lowercased()
      while index < bytes.count, isSpace(bytes[index]) { index += 1 }
      var value = ""
      if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
        index += 1
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count else { break }
        let quote = bytes[index]
        let valueStart: Int
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
          valueStart = index + 1
          index = bytes[valueStart...].firstIndex(of: quote) ?? bytes.count
          value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
          index = min(index + 1, bytes.count)
        } else {
          valueStart = index
          while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
          value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
        }
      }
      if attributes.count < maximumAttributes, attributes[attribute] == nil {
        attributes[attribute] = decoded(value)
      }
    }
    // A tag never closed: what follows is not markup anyone shows.
    return (
      Tag(name: name, isEnd: isEnd, attributes: attributes, start: start, end: bytes.count), bytes.count
    )
  }

  /// An attribute's value with the references a URL or a class name holds decoded: `&amp;`,
  /// `&quot;`, `&#39;`, `&lt;`, `&gt;`, `&apos;`.
  static func decoded(_ value: String) -> String {
    guard value.contains("&") else { return value }
    var text = value
    for (reference, character) in [
      ("&quot;", "\""), ("&#39;", "'"), ("&#039;", "'"), ("&apos;", "'"), ("&lt;", "<"), ("&gt;", ">"),
      ("&amp;", "&"),
    ] {
      text = text.replacing(reference, with: character)
    }
    return text
  }

  private static func starts(_ bytes: [UInt8], at index: Int, with prefix: String) -> Bool {
    let prefix = Array(prefix.utf8)
    return index + prefix.count <= bytes.count && bytes[index..<index + prefix.count].elementsEqual(prefix)
  }

  private static func find(_ bytes: [UInt8], _ needle: String, from start: Int) -> Int? {
    let needle = Array(needle.utf8)
    var index = start
    while index + needle.count <= bytes.count {
      if bytes[index..<index + needle.count].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: ":")
  }
}
