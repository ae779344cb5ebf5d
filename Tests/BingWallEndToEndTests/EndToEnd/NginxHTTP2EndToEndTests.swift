import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSystem

/// HTTPS as Bing serves it: the real binary against Debian's nginx with HTTP/2 and TLS, whose
/// certificate a test CA signs (as a TLS-inspecting proxy's CA would), serving a week's archive
/// and eight UHD pictures of a real picture's size.
@Suite struct NginxHTTP2EndToEndTests {
  static let week = FakeBing.week()

  /// A 3840x2160 fractal, about 1.4 MB as a real UHD picture is 1–5 MB; made once per run
  /// (`convert` takes seconds at this size) and given one comment per picture so the eight
  /// differ (the same bytes for two pictures would be Bing's placeholder).
  static let photo = Result { () throws -> Data in
    let folder = try TemporaryDirectory()
    let file = folder.file("photo.jpg")
    try ExternalTool.run([
      "convert", "-seed", "13", "-size", "3840x2160", "plasma:fractal", "-quality", "88", file,
    ])
    return try Data(contentsOf: URL(fileURLWithPath: file))
  }

  /// nginx serving the archive (a static file whatever the query) and the pictures (by `id`).
  struct Site {
    let authority: TestCertificateAuthority
    let nginx: NginxServer
    let certificates: TemporaryDirectory
    let root: TemporaryDirectory
  }

  static func site() throws -> Site {
    let certificates = try TemporaryDirectory()
    let authority = try TestCertificateAuthority(in: certificates)
    let root = try TemporaryDirectory()
    let archive: [String: Any] = ["market": ["mkt": "en-US"], "images": week.map(\.json)]
    try JSONSerialization.data(withJSONObject: archive).write(
      to: URL(fileURLWithPath: root.file("archive.json")))
    try FileManager.default.createDirectory(atPath: root.file("th"), withIntermediateDirectories: true)
    let photo = try photo.get()
    for image in week {
      try TestJPEG.tagged(photo, with: image.bingID).write(
        to: URL(fileURLWithPath: root.file("th/\(image.bingID)_UHD.jpg")))
    }
    let nginx = try NginxServer(
      certificate: authority, root: root.path,
      locations: """
          location = /HPImageArchive.aspx { try_files /archive.json =404; }
          location = /th { try_files /th/$arg_id =404; }
        """)
    return Site(authority: authority, nginx: nginx, certificates: certificates, root: root)
  }

  static func update(_ sandbox: Sandbox, _ site: Site, environment: [String: String] = [:]) throws
    -> Sandbox.Result
  {
    try sandbox.run(
      ["update", "--no-apply", "-m", "en-US"],
      environment: ["BINGWALL_ENDPOINT": site.nginx.endpoint, "BINGWALL_BACKEND": "none"].merging(environment)
      {
        $1
      })
  }

  /// With `network.ca_file` naming the test CA: eight pictures stored, every request HTTP/2, and
  /// all of them (the archive's two pages, as on a first update, and the eight pictures) over one
  /// connection. nginx serves the same archive for both pages, so the older adds no picture.
  @Test func anUpdateOverHTTP2StoresTheWeekOnOneConnection() throws {
    let site = try Self.site()
    defer { site.nginx.stop() }
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(
      atPath: (sandbox.configFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try "[network]\nca_file = \"\(site.authority.caFile)\"\n".write(
      toFile: sandbox.configFile, atomically: false, encoding: .utf8)
    let result = try Self.update(sandbox, site)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == 8, "\(result.stdout)")
    #expect(sandbox.imageFiles().count == 8, "\(sandbox.imageFiles())")

    let requests = site.nginx.requests(atLeast: 10)
    #expect(requests.count == 10, "\(requests)")
    #expect(requests.filter { $0.uri.hasPrefix("/HPImageArchive.aspx?") }.count == 2, "\(requests)")
    #expect(requests.contains { $0.uri.hasPrefix("/HPImageArchive.aspx?format=js&idx=7&") }, "\(requests)")
    #expect(requests.filter { $0.uri.hasPrefix("/th?id=") && $0.uri.hasSuffix("_UHD.jpg") }.count == 8)
    #expect(requests.allSatisfy { $0.status == 200 }, "\(requests)")
    #expect(requests.allSatisfy { $0.serverProtocol == "HTTP/2.0" }, "\(requests)")
    let connections = Set(requests.map(\.connection))
    let byConnection = requests.map { "\($0.connection)#\($0.connectionRequests) \($0.uri)" }
    #expect(
      connections.count == 1,
      "the update used \(connections.count) connections for \(requests.count) requests: \(byConnection)")
  }

  /// `SSL_CERT_FILE` alone (as the curl tool reads it) trusts the CA too.
  @Test func sslCertFileIsHonoured() throws {
    let site = try Self.site()
    defer { site.nginx.stop() }
    let sandbox = try Sandbox()
    let result = try Self.update(sandbox, site, environment: ["SSL_CERT_FILE": site.authority.caFile])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(sandbox.imageFiles().count == 8)
    #expect(site.nginx.requests(atLeast: 9).allSatisfy { $0.serverProtocol == "HTTP/2.0" })
  }

  /// Neither the key nor a variable: the test CA is not the system's, so the certificate is
  /// refused, in one line that says so, exit 1 (trying later would not help), nothing stored.
  @Test func withoutTheCATheCertificateIsRefusedAndNothingStored() throws {
    let site = try Self.site()
    defer { site.nginx.stop() }
    let sandbox = try Sandbox()
    let result = try Self.update(sandbox, site)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("SSL certificate problem"), "\(result.stderr)")
    #expect(result.stderr.contains("name its PEM file in network.ca_file"), "\(result.stderr)")
    // What failed, then the fix.
    #expect(result.stderr.split(separator: "\n").count == 2, "\(result.stderr)")
    #expect(result.stdout.isEmpty, "\(result.stdout)")
    #expect(sandbox.imageFiles().isEmpty, "\(sandbox.imageFiles())")
    let list = try sandbox.run(["list", "--json"])
    #expect(list.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(list.stdout)")
  }
}
