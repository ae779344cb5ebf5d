/// Where a picture of the day comes from: a kind of source (`bing`, `apod`, and later a feed or a
/// folder) and the name of one instance of it, so that two feeds of one kind are two sources.
/// What each kind is and does lives in its plug-in (`PictureSource`, BingWallSources); the model
/// knows only the identity, so a history keeps the pictures of a source no plug-in names any more.
///
/// The raw value is the word a person types and the history keeps, so it never changes: the
/// kind alone for a source with one instance (`apod`, as in `apod:2026-12-05`), `kind:name`
/// otherwise (`feed:natgeo`).
package struct Source: Sendable, Hashable, Comparable {
  package let kind: SourceKind
  /// The instance's name: the kind's own word for a source with one instance.
  package let name: String

  /// The one instance of `kind`.
  package init(_ kind: SourceKind) {
    self.kind = kind
    self.name = kind.rawValue
  }

  /// The instance `name` of `kind`; nil when `name` is not a word (see `SourceKind.isWord`).
  package init?(_ kind: SourceKind, named name: String) {
    guard SourceKind.isWord(name) else { return nil }
    self.kind = kind
    self.name = name
  }

  /// Bing, the source the history began with: a picture with no other says Bing.
  package static let bing = Source(SourceKind(word: "bing"))

  /// Bing first, the others by their word: the order a picture's sources are listed in.
  package static func < (lhs: Source, rhs: Source) -> Bool {
    if (lhs == .bing) != (rhs == .bing) { return lhs == .bing }
    return lhs.rawValue < rhs.rawValue
  }
}

extension Source: RawRepresentable {
  /// `apod`, `feed:natgeo`; nil for text that is not a source's word.
  package init?(rawValue: String) {
    let parts = rawValue.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
    guard let kind = SourceKind(rawValue: String(parts[0])) else { return nil }
    switch parts.count {
    case 1: self.init(kind)
    case 2: self.init(kind, named: String(parts[1]))
    default: return nil
    }
  }

  package var rawValue: String { name == kind.rawValue ? name : "\(kind.rawValue):\(name)" }
}

extension Source: LosslessStringConvertible, Codable {
  /// The source a person named, in any case: `apod`, `APOD`, `earth-observatory`.
  package init?(_ description: String) {
    self.init(rawValue: description.lowercased())
  }

  package var description: String { rawValue }

  package init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let source = Source(rawValue: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not a source: \(text)"))
    }
    self = source
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The prefix of this source's config keys and environment variables' middle:
  /// `earth_observatory.endpoint`, `BINGWALL_EARTH_OBSERVATORY_ENDPOINT`.
  package var configSection: String { String(rawValue.map { $0 == "-" || $0 == ":" ? "_" : $0 }) }
}

/// A kind of source: its word (`bing`, `apod`, `earth-observatory`), lower-case letters, digits
/// and `-`, as a history, a config file and a command line spell it.
package struct SourceKind: RawRepresentable, Sendable, Hashable {
  package let rawValue: String

  package init?(rawValue: String) {
    guard Self.isWord(rawValue) else { return nil }
    self.rawValue = rawValue
  }

  /// A word known to be one, written in a plug-in.
  package init(word: StaticString) {
    self.rawValue = word.description
    precondition(Self.isWord(rawValue), "\(word) is not a source's word")
  }

  /// 1 to 32 of `a-z`, `0-9` and `-`, starting with a letter: safe to type, complete, and use in a
  /// file name, a config key and an environment variable's name.
  package static func isWord(_ text: String) -> Bool {
    guard let first = text.utf8.first, (0x61...0x7A).contains(first), text.utf8.count <= 32 else {
      return false
    }
    return text.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
  }
}
