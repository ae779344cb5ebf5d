// TEMPORARY (lead's stand-in until the i40-clients branch lands): the interface of the source
// clients, with APOD's key-less request only. Deleted at the merge.
import BingWallModel
import BingWallNet
import BingWallSystem
import FoundationEssentials

package struct SourceSettings: Sendable {
  package var endpoint: String?
  package var markets: [Market]
  package var apodKey: String?
  package var contact: String
  package var version: String
  package var largestScreenWidth: Int?
  package var timeout: Duration
  package var deadline: ContinuousClock.Instant?
  package var policy: RemoteURL.Policy

  package init(
    endpoint: String?, markets: [Market], apodKey: String?, contact: String, version: String,
    largestScreenWidth: Int?, timeout: Duration, deadline: ContinuousClock.Instant?, policy: RemoteURL.Policy
  ) {
    self.endpoint = endpoint
    self.markets = markets
    self.apodKey = apodKey
    self.contact = contact
    self.version = version
    self.largestScreenWidth = largestScreenWidth
    self.timeout = timeout
    self.deadline = deadline
    self.policy = policy
  }
}

package struct SourceOffer: Sendable, Equatable {
  package var pictures: [SourcePicture]
  package var passedOver: [String]
  package var trace: [String]
}

package struct SourceFailure: Error, TemporaryFailure, CustomStringConvertible, Sendable {
  package var source: Source
  package var isTemporary: Bool
  package var description: String
}

package struct SourceClient: Sendable {
  let source: Source
  let http: any HTTPClient
  let settings: SourceSettings

  package init(source: Source, http: any HTTPClient, settings: SourceSettings) {
    self.source = source
    self.http = http
    self.settings = settings
  }

  package var headers: [String: String] { [:] }

  package func offer(at instant: Date) throws(SourceFailure) -> SourceOffer {
    let day = APODRequest.today(at: instant)
    let url = APODRequest.basic(endpoint: settings.endpoint ?? APODRequest.basicEndpoint, day: day)
    let response: HTTPResponse
    do {
      response = try http.get(
        HTTPRequest(
          url: url, timeout: settings.timeout, maxBytes: Int64(SourceBody.maximumSize),
          deadline: settings.deadline))
    } catch {
      throw SourceFailure(source: source, isTemporary: error.isTemporary, description: "\(error)")
    }
    guard response.status == 200 else {
      throw SourceFailure(source: source, isTemporary: response.status >= 500, description: "HTTP \(response.status)")
    }
    do {
      let picture = try APODResponse.decode(response.body, api: .basic, policy: settings.policy)
      return SourceOffer(pictures: [picture], passedOver: [], trace: [])
    } catch {
      throw SourceFailure(source: source, isTemporary: false, description: "\(error)")
    }
  }
}
