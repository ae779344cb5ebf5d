import BingWallModel
import BingWallNet
import BingWallSystem
import FoundationEssentials

/// Asks one source, through its plug-in, what it offers now: its metadata requests, with its
/// fallbacks, made into `SourcePicture`s. The pictures themselves are the caller's to download,
/// with `headers`.
///
/// Every answer is read within the settings' timeout (`SourceSettings.readingLimit`), and what
/// fails after the fallback is a `SourceFailure` whose `isTemporary` says whether a later turn
/// may do better.
package struct SourceClient: Sendable {
  package let plugin: any PictureSource
  let requests: SourceRequests

  package init(_ plugin: any PictureSource, http: any HTTPClient, settings: SourceSettings) {
    self.plugin = plugin
    requests = SourceRequests(
      source: plugin.id, name: plugin.displayName, http: http, settings: settings,
      headers: plugin.headers(settings))
  }

  package var source: Source { plugin.id }

  /// Headers every request of this source sends, picture downloads included (Spotlight's
  /// browser User-Agent, Wikimedia's `bingwall/VERSION (CONTACT)`); empty for none.
  package var headers: [String: String] { requests.headers }

  /// What the source offers at `instant`. An endpoint that is no URL bingwall fetches is refused
  /// before any request.
  package func offer(at instant: Date) throws(SourceFailure) -> SourceOffer {
    if let endpoint = requests.settings.endpoint {
      do {
        _ = try RemoteURL(checking: endpoint, policy: requests.settings.policy)
      } catch {
        throw SourceFailure(
          source: source, isTemporary: false,
          description:
            "\(plugin.displayName): the endpoint \(TerminalText.quoted(endpoint)) is not a URL bingwall fetches "
            + "(\(error)); check \(source.configSection).endpoint")
      }
    }
    return try plugin.offer(at: instant, requests)
  }
}
