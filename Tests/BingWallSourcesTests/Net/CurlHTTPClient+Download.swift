import BingWallServiceTestSupport
import BingWallTestSupport

@testable import BingWallNet

extension CurlHTTPClient {
  /// One GET streamed into `fileDescriptor`, tried once: a batch of one job, which is how
  /// Sources downloads (`downloadAll`).
  func download(_ request: HTTPRequest, to fileDescriptor: Int32) throws(NetError) -> HTTPResponse {
    let job = DownloadJob(request: request, fileDescriptor: fileDescriptor, label: request.url)
    return try downloadAll([job], maxConcurrent: 1, retry: .once, progress: nil)[0].get()
  }
}
