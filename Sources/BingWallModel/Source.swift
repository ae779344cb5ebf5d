/// Where a picture of the day comes from. Today only Bing; each further source is a case here and
/// a folder of its own beside BingWallBing.
package enum Source: String, Sendable, Hashable, CaseIterable, Codable {
  case bing
}
