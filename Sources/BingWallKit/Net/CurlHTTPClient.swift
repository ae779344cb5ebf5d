import CCurl
import Foundation

// Placeholder so the skeleton builds; the Net helper replaces this file.
public final class CurlHTTPClient: HTTPClient {
  public init(userAgent: String) {}
  public func get(_ request: HTTPRequest) throws(NetError) -> HTTPResponse {
    throw NetError.setup(url: request.url, message: "not built")
  }
  public func download(_ request: HTTPRequest, to fileDescriptor: Int32) throws(NetError) -> HTTPResponse {
    throw NetError.setup(url: request.url, message: "not built")
  }
}
