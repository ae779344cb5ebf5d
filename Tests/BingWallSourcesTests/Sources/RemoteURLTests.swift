import BingWallModel
import BingWallServiceTestSupport
import BingWallTestSupport
import Testing

/// What a body may name as a picture or a page: https only, plain http only to a loopback test
/// server the caller allowed, nothing that is not an absolute URL of a plain host.
@Suite struct RemoteURLTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var text: String
    var strict: RemoteURL.Problem?
    var loopback: RemoteURL.Problem?
    var testDescription: String { text }
  }

  static let cases = [
    Case(text: "https://upload.wikimedia.org/wikipedia/commons/2/25/M24.jpg", strict: nil, loopback: nil),
    Case(text: "HTTPS://Assets.Science.NASA.gov/x.png?w=1&h=2", strict: nil, loopback: nil),
    Case(text: "https://[2001:db8::1]:8443/x.jpg", strict: nil, loopback: nil),
    Case(text: "http://127.0.0.1:8080/p.jpg", strict: .plainHTTP(host: "127.0.0.1"), loopback: nil),
    Case(text: "http://localhost/p.jpg", strict: .plainHTTP(host: "localhost"), loopback: nil),
    Case(text: "http://[::1]:9/p.jpg", strict: .plainHTTP(host: "[::1]"), loopback: nil),
    Case(
      text: "http://apod.nasa.gov/apod/image/x.jpg", strict: .plainHTTP(host: "apod.nasa.gov"),
      loopback: .plainHTTP(host: "apod.nasa.gov")),
    Case(
      text: "http://127.0.0.1.example.org/", strict: .plainHTTP(host: "127.0.0.1.example.org"),
      loopback: .plainHTTP(host: "127.0.0.1.example.org")),
    Case(text: "file:///etc/passwd", strict: .scheme("file"), loopback: .scheme("file")),
    Case(text: "javascript:alert(1)", strict: .scheme("javascript"), loopback: .scheme("javascript")),
    Case(text: "JavaScript:alert(1)", strict: .scheme("javascript"), loopback: .scheme("javascript")),
    Case(text: "data:image/png;base64,iVBORw0K", strict: .scheme("data"), loopback: .scheme("data")),
    Case(
      text: "microsoft-edge:https://www.bing.com/", strict: .scheme("microsoft-edge"),
      loopback: .scheme("microsoft-edge")),
    Case(text: "/apod/image/2112/x.jpg", strict: .notAbsolute, loopback: .notAbsolute),
    Case(text: "image/x.jpg", strict: .notAbsolute, loopback: .notAbsolute),
    Case(text: "//upload.wikimedia.org/x.jpg", strict: .notAbsolute, loopback: .notAbsolute),
    Case(text: "https:x.jpg", strict: .notAbsolute, loopback: .notAbsolute),
    Case(text: "https://www.bing.com@evil.example/x.jpg", strict: .userInfo, loopback: .userInfo),
    Case(text: "https:///x.jpg", strict: .badHost, loopback: .badHost),
    Case(text: "https://ho_st/x.jpg", strict: .badHost, loopback: .badHost),
    Case(text: "https://host:port/x.jpg", strict: .badHost, loopback: .badHost),
    Case(text: "https://a b/x.jpg", strict: .badCharacter, loopback: .badCharacter),
    Case(text: "https://host/\u{1B}[31mred", strict: .badCharacter, loopback: .badCharacter),
    Case(text: "https://host/\"><script>", strict: .badCharacter, loopback: .badCharacter),
    Case(text: "https://hóst/x.jpg", strict: .badCharacter, loopback: .badCharacter),
    Case(text: "https://host\\@evil/", strict: .badCharacter, loopback: .badCharacter),
    Case(text: "   ", strict: .empty, loopback: .empty),
  ]

  @Test(arguments: cases) func check(_ example: Case) {
    for (policy, expected) in [
      (RemoteURL.Policy.httpsOnly, example.strict), (.loopbackHTTPAllowed, example.loopback),
    ] {
      var problem: RemoteURL.Problem?
      do {
        let url = try RemoteURL(checking: example.text, policy: policy)
        #expect(url.text == example.text)
      } catch {
        problem = error
      }
      #expect(problem == expected, "under \(policy)")
    }
  }

  @Test func hostIsLowerCasedAndTextKept() throws {
    let url = try RemoteURL(checking: " HTTPS://Assets.Science.NASA.gov:443/X.png \n", policy: .httpsOnly)
    #expect(url.host == "assets.science.nasa.gov")
    #expect(url.text == "HTTPS://Assets.Science.NASA.gov:443/X.png")
  }

  @Test func aURLLongerThanTheBoundIsRefused() {
    let long = "https://host/" + String(repeating: "a", count: RemoteURL.maximumLength)
    #expect(throws: RemoteURL.Problem.tooLong(bytes: long.utf8.count)) {
      try RemoteURL(checking: long, policy: .httpsOnly)
    }
  }
}
