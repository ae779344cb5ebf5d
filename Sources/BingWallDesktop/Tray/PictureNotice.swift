/// A notification about a new picture: its title, its credit and the first sentence of its
/// story, the picture itself as the image, and what its buttons act on (its `key`).
package struct PictureNotice: Sendable, Equatable {
  var picture: ShownPicture
  /// The story, the source's text or the caption; only its first sentence is shown.
  var text: String
  /// The picture's file, shown as the notification's image.
  var file: String

  package init(_ picture: ShownPicture, text: String, file: String) {
    self.picture = picture
    self.text = text
    self.file = file
  }

  /// The body: the first sentence, then the credit, each on its line.
  var body: String {
    [Self.firstSentence(of: text), picture.credit].filter { !$0.isEmpty }.joined(separator: "\n")
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
    for byte in file.utf8 {
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
