/// A notification about a new picture: its title, its credit and the first sentence of its
/// story, the picture itself as the image, and what its buttons act on.
package struct PictureNotice: Sendable, Equatable {
  var title: String
  var credit: String
  /// The story, the source's text or the caption; only its first sentence is shown.
  var text: String
  /// The picture's file, shown as the notification's image.
  var picture: String
  /// The picture's selector, which Keep and Ban act on.
  var key: String
  var hasPage: Bool

  package init(title: String, credit: String, text: String, picture: String, key: String, hasPage: Bool) {
    self.title = title
    self.credit = credit
    self.text = text
    self.picture = picture
    self.key = key
    self.hasPage = hasPage
  }

  /// The body: the first sentence, then the credit, each on its line.
  var body: String {
    [Self.firstSentence(of: text), credit].filter { !$0.isEmpty }.joined(separator: "\n")
  }

  /// The longest first sentence kept, in characters; a longer one is cut at a word.
  static let sentenceLimit = 200

  /// Up to the first `.`, `!` or `?` followed by a space (or the ideographic full stop), so
  /// "St. Ives" stays whole only when it ends the text; good enough for a notification, where
  /// the page holds the rest.
  static func firstSentence(of text: String) -> String {
    let characters = Array(text)
    var end = characters.count
    for index in characters.indices {
      let character = characters[index]
      if character == "。" || character == "！" || character == "？" {
        end = index + 1
        break
      }
      if ".!?".contains(character), index + 1 == characters.count || characters[index + 1] == " " {
        end = index + 1
        break
      }
    }
    var sentence = String(characters[..<end])
    if sentence.count > sentenceLimit {
      let prefix = sentence.prefix(sentenceLimit - 1)
      let word = prefix.lastIndex(of: " ").map { prefix[..<$0] } ?? prefix
      sentence = String(word) + "…"
    }
    return sentence
  }

  /// The picture as a `file://` URI for the `image-path` hint: every byte but the unreserved
  /// ones and `/` percent-encoded, so no path is read as anything else.
  var imageURI: String {
    var uri = "file://"
    for byte in picture.utf8 {
      let unreserved =
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/")
      if unreserved {
        uri.unicodeScalars.append(UnicodeScalar(byte))
      } else {
        let hex = Array("0123456789ABCDEF")
        uri += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
      }
    }
    return uri
  }
}
