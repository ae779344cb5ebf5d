import BingWallSystem

extension Picture {
  /// The picture object of the JSON contract (docs/commands.md, "list and show"), fields in its order, then extras.
  package var json: JSONOutput {
    let date: String = date.description
    let market: String = market?.code ?? ""
    let markets: [JSONOutput] = markets.map { .string($0.code) }
    let lastApplied: String? = lastApplied.map(Timestamp.iso8601)
    let resolution: String = resolution.name
    let servedMarket: String? = bing?.servedMarket?.code
    let addedAt: String = Timestamp.iso8601(addedAt)
    return .object([
      ("id", .integer(rowID)),
      ("key", .string(id.key)),
      ("date", .string(date)),
      ("market", .string(market)),
      ("markets", .array(markets)),
      ("title", .string(title)),
      ("caption", .string(caption)),
      ("credit", .string(credit)),
      ("copyright", .string(copyright)),
      ("copyright_link", .string(copyrightLink?.text ?? "")),
      ("path", .string(path)),
      ("width", .integer(Int64(width))),
      ("height", .integer(Int64(height))),
      ("bytes", .integer(bytes)),
      ("sha256", .string(sha256)),
      ("favorite", .bool(favorite)),
      ("banned", .bool(banned)),
      ("applied_count", .integer(Int64(appliedCount))),
      ("last_applied", .optional(lastApplied)),
      ("resolution", .string(resolution)),
      ("bing_id", .string(bing?.bingID ?? "")),
      ("served_market", .optional(servedMarket)),
      ("added_at", .string(addedAt)),
      ("headline", .optional(story.map(\.headline))),
      // Bing's story, else the source's own longer text (APOD's explanation).
      ("description", .optional(story.map(\.description) ?? (description.isEmpty ? nil : description))),
      ("quick_fact", .optional(story.map(\.quickFact))),
      ("source", .string(id.source.rawValue)),
      ("sources", .array(sources.map { .string($0.rawValue) })),
      ("licence", .string(licence)),
      ("licence_link", .string(licenceLink?.text ?? "")),
    ])
  }
}
