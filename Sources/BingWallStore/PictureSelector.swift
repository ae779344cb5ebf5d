import BingWallModel
import BingWallSystem
import FoundationEssentials

/// How a command names one stored picture: `latest`, `current`, an id, a local date, or a key.
package enum PictureSelector: Sendable, Equatable, LosslessStringConvertible {
  case latest
  /// The picture on screen: the one bingwall set last (`apply`, `next`, `random`, the daemon).
  case current
  case id(Int64)
  case date(CalendarDate)
  /// A key as typed: `OHR.Name`, or a bare `Name`, which is read as `OHR.Name` (`storedKey`).
  /// Kept as typed so that an error can quote what the person wrote.
  case key(String)
  /// A source's picture by its date or its own id: `apod:2026-12-05`,
  /// `wikimedia:File:Lake.jpg`, `bing:OHR.Lake`.
  case sourced(Source, String)

  package init(parsing text: String) {
    if let colon = text.firstIndex(of: ":"), let source = Source(rawValue: String(text[..<colon])),
      text.index(after: colon) < text.endIndex
    {
      self = .sourced(source, String(text[text.index(after: colon)...]))
    } else if text == "latest" {
      self = .latest
    } else if text == "current" {
      self = .current
    } else if let number = Int64(text), number > 0 {
      self = .id(number)
    } else if let date = CalendarDate(parsing: text) {
      self = .date(date)
    } else {
      self = .key(text)
    }
  }

  /// The key a `.key` selector looks up: a bare name gets Bing's `OHR.` prefix.
  static func storedKey(_ typed: String) -> String {
    typed.contains(".") ? typed : "OHR." + typed
  }

  /// As `init(parsing:)`: every text names a selector.
  package init?(_ description: String) {
    self.init(parsing: description)
  }

  package var description: String {
    switch self {
    case .latest: return "latest"
    case .current: return "current"
    case .id(let id): return String(id)
    case .date(let date): return date.description
    case .key(let key): return key
    case .sourced(let source, let rest): return "\(source.rawValue):\(rest)"
    }
  }
}

/// A selector that matches nothing, or more than one picture.
package enum HistoryError: Error, Equatable, Sendable {
  /// Nothing stored matches `selector` (as typed); `suggestions` are the nearest things that do,
  /// each as it would be typed (`'latest'`, `'Lake' (2026-12-01)`, `2026-11-30`).
  case notFound(selector: String, market: Market?, suggestions: [String] = [])
  /// A date on which different pictures appeared in several markets.
  case ambiguous(date: CalendarDate, markets: [Market])
  /// The history is empty (nothing fetched yet).
  case empty
  /// `current` names nothing: bingwall has set no picture yet.
  case noneApplied
  /// `random` found nothing it may pick (all banned, recent, or filtered out).
  case nothingToPick
  /// `next` and `previous` found no picture that appeared in these markets and is not banned.
  case noneInMarkets([Market])
}

extension HistoryError: CustomStringConvertible, HintedError {
  package var description: String {
    switch self {
    case .notFound(let selector, let market, _):
      let scope = market.map { " in \($0)" } ?? ""
      return "no stored picture matches \(TerminalText.quoted(selector, limit: 60))\(scope)"
    case .ambiguous(let date, let markets):
      return "several pictures appeared on \(date) (\(markets.map(\.code).joined(separator: ", ")))"
    case .empty:
      return "the history is empty"
    case .noneApplied:
      return "no picture has been set yet"
    case .nothingToPick:
      return "no stored picture to pick (the filters, bans and recent picks leave none)"
    case .noneInMarkets(let markets):
      return "no stored picture that is not banned appeared in \(markets.map(\.code).joined(separator: ", "))"
    }
  }

  package var hint: String? {
    switch self {
    case .noneInMarkets:
      return "run 'bingwall update' for their pictures, or step through another market with --market"
    case .ambiguous(_, let markets): return "add --market, such as --market \(markets.first?.code ?? "en-US")"
    case .empty: return "run 'bingwall update' first"
    case .noneApplied: return "'bingwall apply' sets the newest"
    case .nothingToPick: return "try without --favorites or --market"
    case .notFound: break
    }
    guard case .notFound(let selector, _, let suggestions) = self else { return nil }
    guard let last = suggestions.last else {
      // `apod:2026-01-01`: the list of that source's pictures is the one to look at.
      if case .sourced(let source, _) = PictureSelector(parsing: selector) {
        return "'bingwall list --source \(source.rawValue)' shows what is stored"
      }
      return "'bingwall list' shows what is stored"
    }
    let choices =
      suggestions.count == 1 ? last : suggestions.dropLast().joined(separator: ", ") + " or " + last
    return "did you mean \(choices)?"
  }
}

extension HistoryStore {
  /// A source's picture by its own id, or the one it showed on a date (the newest, for a
  /// source that showed several that day, as Spotlight does).
  func picture(sourced source: Source, _ rest: String, market: Market?) throws(StoreError) -> Picture? {
    let key = source == .bing ? PictureSelector.storedKey(rest) : rest
    if let found = try picture(PictureID(source: source, key: key)) { return found }
    guard let date = CalendarDate(parsing: rest) else { return nil }
    return try pictures(onDate: date, market: market, source: source).first
  }

  /// The one picture `selector` names, in `market` when given. `latest` is the newest at `now`
  /// (`newest`) that one of `sources` showed (the configured ones; empty for any); `current` is
  /// the one applied last, whatever its source.
  package func resolve(_ selector: PictureSelector, market: Market?, sources: [Source] = [], at now: Date)
    throws -> Picture
  {
    let found: Picture?
    switch selector {
    case .latest:
      found = try newest(market: market, sources: sources, at: now)
      if found == nil, market == nil { throw HistoryError.empty }
    case .current:
      guard let id = try recentlyApplied(limit: 1).first else { throw HistoryError.noneApplied }
      found = try picture(id: id)
    case .id(let id):
      found = try picture(id: id)
    case .key(let typed):
      found = try picture(key: PictureSelector.storedKey(typed))
    case .sourced(let source, let rest):
      found = try picture(sourced: source, rest, market: market)
    case .date(let date):
      let candidates = try pictures(onDate: date, market: market)
      if Set(candidates.map(\.id)).count > 1 {
        // Another source's picture of that day has no market to name.
        throw HistoryError.ambiguous(
          date: date, markets: candidates.compactMap(\.market).sorted { $0.code < $1.code })
      }
      found = candidates.first
    }
    // An id or a key names one picture; with --market it must also have appeared there.
    guard let found, market == nil || found.markets.contains(where: { $0 == market }) else {
      throw HistoryError.notFound(
        selector: selector.description, market: market,
        suggestions: try suggestions(for: selector, market: market))
    }
    return found
  }
}
