import BingWallTestSupport
import Testing

@testable import BingWallSystem

/// The one percent-encoder: each caller's allowed set gives exactly the output it gave before.
@Suite struct PercentEncodingTests {
  @Test func unreservedEscapesSlashAndEverythingButRFC3986sUnreserved() {
    #expect(PercentEncoding.encoded("en-US", keeping: .unreserved) == "en-US")
    #expect(PercentEncoding.encoded("a/b&c=d é~_.", keeping: .unreserved) == "a%2Fb%26c%3Dd%20%C3%A9~_.")
    #expect(PercentEncoding.encoded("\n", keeping: .unreserved) == "%0A")
  }

  @Test func pathKeepsSlashes() {
    #expect(PercentEncoding.encoded("/a?b#c%d é", keeping: .path) == "/a%3Fb%23c%25d%20%C3%A9")
  }

  @Test func refusedMalformedGivesNil() {
    #expect(PercentEncoding.decoded("OHR.%2e%2E%7e", malformed: .refused) == "OHR...~")
    #expect(PercentEncoding.decoded("a%2", malformed: .refused) == nil)
    #expect(PercentEncoding.decoded("a%zz", malformed: .refused) == nil)
    #expect(PercentEncoding.decoded("%FF", malformed: .refused) == nil)
  }

  @Test func keptMalformedStaysAsItIs() {
    #expect(PercentEncoding.decoded("a%2", malformed: .kept) == "a%2")
    #expect(PercentEncoding.decoded("100%zz", malformed: .kept) == "100%zz")
    #expect(PercentEncoding.decoded("%FF", malformed: .kept) == "\u{FFFD}")
  }

  @Test func fileURIsRoundTrip() {
    let path = "/home/ann/My Pictures/#1 100%.jpg"
    #expect(FileURI.make(path) == "file:///home/ann/My%20Pictures/%231%20100%25.jpg")
    #expect(FileURI.path(of: FileURI.make(path)) == path)
    #expect(FileURI.path(of: "/home/ann/a.jpg") == nil)
  }
}
