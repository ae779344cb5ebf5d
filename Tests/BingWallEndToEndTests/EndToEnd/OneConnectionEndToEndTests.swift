import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallModel
@testable import BingWallSources
@testable import BingWallSystem

/// One connection per host for a whole update, over HTTP/2 as Bing serves it: the real binary
/// against Debian's nginx (HTTPS, HTTP/2, a test CA), whose access log names each request's
/// connection. Bing's story, asked for on a thread of its own while the pictures download, and
/// the other sources, asked for on threads of their own beside Bing's archive, all join the one
/// connection instead of opening their own.
@Suite struct OneConnectionEndToEndTests {
  /// nginx serving Bing's week, its model, and (`sources`) the four other sources' real bodies
  /// with their pictures on the same host.
  struct Site {
    let authority: TestCertificateAuthority
    let nginx: NginxServer
    let certificates: TemporaryDirectory
    let root: TemporaryDirectory
  }

  static let locations = """
        location = /HPImageArchive.aspx { try_files /archive.json =404; }
        location = /hp/api/model { try_files /model.json =404; }
        location = /th { try_files /th/$arg_id =404; }
        location = /v4/api/selection { try_files /spotlight-v4.json =404; }
        location = /v3/Delivery/Placement { try_files /spotlight-v3.json =404; }
        location ^~ /wp-json/wp/v2/apod-basic/ { try_files /apod.json =404; }
        location ^~ /api/rest_v1/feed/featured/ { try_files /featured.json =404; }
        location = /w/api.php { default_type application/rss+xml; try_files /potd.xml =404; }
        location = /feed/earth-observatory/image-of-the-day {
          default_type application/rss+xml; try_files /eo.xml =404;
        }
        location = /feeds/image-of-the-day.rss { default_type application/rss+xml; try_files /eo-old.xml =404; }
        location ^~ /creativeservice/ { try_files /pictures/spotlight.jpg =404; }
        location ^~ /dynamicimage/ { default_type image/png; try_files /pictures/apod.png =404; }
        location ^~ /wikipedia/ { try_files /pictures/wikimedia.jpg =404; }
        location ^~ /content/ { try_files /pictures/earth.jpg =404; }
        location ^~ /wp-content/ { try_files /pictures/earth.jpg =404; }
        location ^~ /images/ { try_files /pictures/earth.jpg =404; }
    """

  /// The hosts whose URLs in the fixtures are pictures (as `FakeSources`): moved to nginx.
  static let pictureHosts = FakeSources.pictureHosts + ["science.nasa.gov"]

  static func site(sources: Bool) throws -> Site {
    let certificates = try TemporaryDirectory()
    let authority = try TestCertificateAuthority(in: certificates)
    let root = try TemporaryDirectory()
    let week = NginxHTTP2EndToEndTests.week
    let archive: [String: Any] = ["market": ["mkt": "en-US"], "images": week.map(\.json)]
    try JSONSerialization.data(withJSONObject: archive).write(
      to: URL(fileURLWithPath: root.file("archive.json")))
    try Fixtures.data("bing/model-en-US.json").write(to: URL(fileURLWithPath: root.file("model.json")))
    try FileManager.default.createDirectory(atPath: root.file("th"), withIntermediateDirectories: true)
    let photo = try NginxHTTP2EndToEndTests.photo.get()
    for image in week {
      try TestJPEG.tagged(photo, with: image.bingID).write(
        to: URL(fileURLWithPath: root.file("th/\(image.bingID)_UHD.jpg")))
    }
    let nginx = try NginxServer(certificate: authority, root: root.path, locations: locations)
    if sources { try writeSources(into: root, endpoint: nginx.endpoint) }
    return Site(authority: authority, nginx: nginx, certificates: certificates, root: root)
  }

  /// The four sources' real bodies, their picture URLs on `endpoint`, APOD's for today, and a
  /// picture of each source's own.
  static func writeSources(into root: TemporaryDirectory, endpoint: String) throws {
    func write(_ fixture: String, as name: String, edit: (String) -> String = { $0 }) throws {
      var text = Fixtures.text(fixture)
      for host in pictureHosts {
        let prefix = host == "science.nasa.gov" ? "https://science.nasa.gov/wp-content/" : "https://\(host)"
        let target = host == "science.nasa.gov" ? "\(endpoint)/wp-content/" : endpoint
        text = text.replacingOccurrences(of: prefix, with: target)
        text = text.replacingOccurrences(
          of: prefix.replacingOccurrences(of: "/", with: "\\/"),
          with: target.replacingOccurrences(of: "/", with: "\\/"))
      }
      try edit(text).write(toFile: root.file(name), atomically: false, encoding: .utf8)
    }
    try write("sources/spotlight/spotlight_2025-06-02-v4.json", as: "spotlight-v4.json")
    try write("sources/spotlight/spotlight_2025-06-02-v3.json", as: "spotlight-v3.json")
    // The binary runs on the real clock: APOD's answer is today's.
    let today = APODRequest.today(at: Date())
    try write("sources/apod/apod_2026-10-02-v2.json", as: "apod.json") { text in
      let pattern = try! NSRegularExpression(pattern: "\"date\": *\"[0-9-]+\"")
      return pattern.stringByReplacingMatches(
        in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "\"date\": \"\(today)\"")
    }
    try write("sources/wikimedia/featured-2026-06-24.json", as: "featured.json")
    try write("feeds/wikimedia_commons-potd-rss-2026-06-24.xml", as: "potd.xml")
    try write("feeds/earth_observatory-iotd-handmade.xml", as: "eo.xml")
    try write("feeds/earth_observatory-old-iotd-handmade.xml", as: "eo-old.xml")
    try FileManager.default.createDirectory(atPath: root.file("pictures"), withIntermediateDirectories: true)
    for name in ["spotlight", "wikimedia", "earth"] {
      try TestJPEG.make(width: 64, height: 36, colour: FakeBing.colour(for: name)).write(
        to: URL(fileURLWithPath: root.file("pictures/\(name).jpg")))
    }
    try Data(TestPNG.make(width: 64, height: 36)).write(
      to: URL(fileURLWithPath: root.file("pictures/apod.png")))
  }

  static func update(_ site: Site, sources: [Source]) throws -> (Sandbox, Sandbox.Result, [String: String]) {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(
      atPath: (sandbox.configFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try "[network]\nca_file = \"\(site.authority.caFile)\"\n".write(
      toFile: sandbox.configFile, atomically: false, encoding: .utf8)
    var environment = [
      "BINGWALL_ENDPOINT": site.nginx.endpoint, "BINGWALL_BACKEND": "none", "BINGWALL_NETWORK_STORY": "true",
      "BINGWALL_SOURCES": sources.map(\.rawValue).joined(separator: ","),
    ]
    for source in sources where source != .bing {
      environment["BINGWALL_\(source.configSection.uppercased())_ENDPOINT"] = site.nginx.endpoint
    }
    let result = try sandbox.run(["update", "--no-apply", "-m", "en-US"], environment: environment)
    return (sandbox, result, environment)
  }

  /// Every request over HTTP/2 and answered 200, and all of them on one connection.
  static func expectOneConnection(_ requests: [NginxServer.Request]) {
    #expect(requests.allSatisfy { $0.status == 200 }, "\(requests)")
    #expect(requests.allSatisfy { $0.serverProtocol == "HTTP/2.0" }, "\(requests)")
    let connections = Set(requests.map(\.connection))
    let byConnection = requests.map { "\($0.connection)#\($0.connectionRequests) \($0.uri)" }
    #expect(
      connections.count == 1,
      "the update used \(connections.count) connections for \(requests.count) requests: \(byConnection)")
  }

  /// Bing alone, story on: the archive's two pages (a first update), the model, asked for while
  /// the eight pictures download, and the pictures, eleven requests on one connection.
  @Test func bingWithItsStoryTakesOneConnection() throws {
    let site = try Self.site(sources: false)
    defer { site.nginx.stop() }
    let (sandbox, result, environment) = try Self.update(site, sources: [.bing])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(sandbox.imageFiles().count == 8, "\(sandbox.imageFiles())")
    let show = try sandbox.run(["show", "OHR.Lake"], environment: environment)
    #expect(show.stdout.contains("A mirror at the top of the valley"), "\(show.stdout)")

    let requests = site.nginx.requests(atLeast: 11)
    #expect(requests.count == 11, "\(requests)")
    #expect(requests.filter { $0.uri.hasPrefix("/hp/api/model") }.count == 1, "\(requests)")
    #expect(requests.filter { $0.uri.hasPrefix("/th?id=") }.count == 8, "\(requests)")
    Self.expectOneConnection(requests)
  }

  /// Bing and the four other sources on one host: their bodies, asked for at once on threads of
  /// their own, Bing's story and every source's pictures, all on one connection.
  @Test func fiveSourcesOnOneHostTakeOneConnection() throws {
    let site = try Self.site(sources: true)
    defer { site.nginx.stop() }
    let sources: [Source] = [.bing, .spotlight, .apod, .wikimedia, .earthObservatory]
    let (sandbox, result, environment) = try Self.update(site, sources: sources)
    #expect(result.status == 0, "\(result.stderr)")
    for source in sources {
      let list = try sandbox.run(
        ["list", "--source", source.rawValue, "--json", "--limit", "0"], environment: environment)
      let pictures = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
      #expect(!(pictures ?? []).isEmpty, "\(source): \(result.stdout)")
    }
    // Bing's 11 requests, a body and a picture of each other source at least.
    let requests = site.nginx.requests(atLeast: 19)
    #expect(requests.count >= 19, "\(requests)")
    #expect(requests.contains { $0.uri.hasPrefix("/v4/api/selection") }, "\(requests)")
    #expect(requests.contains { $0.uri.hasPrefix("/wp-json/wp/v2/apod-basic/") }, "\(requests)")
    #expect(requests.contains { $0.uri.hasPrefix("/api/rest_v1/feed/featured/") }, "\(requests)")
    #expect(requests.contains { $0.uri.hasPrefix("/feed/earth-observatory/") }, "\(requests)")
    Self.expectOneConnection(requests)
  }
}
