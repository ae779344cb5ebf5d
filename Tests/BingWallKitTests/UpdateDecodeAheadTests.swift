import BingWallTestSupport
import Testing

@testable import BingWallKit

/// When an update opens libvips while the pictures download (`Update.mayDecode`): only when it
/// may decode one, so a cron run that only stores Bing's JPEGs never loads it.
@Suite struct UpdateDecodeAheadTests {
  private func request(sources: String, applyOnUpdate: Bool = true, apply: Update.ApplyChoice)
    throws -> (Update.Request, Configuration)
  {
    let files = InMemoryFileSystem()
    let file = "/home/u/.config/bingwall/config.toml"
    let names = sources.split(separator: ",").map { "\"\($0)\"" }.joined(separator: ", ")
    files.add(file, "sources = [\(names)]\napply_on_update = \(applyOnUpdate)\n")
    let configuration = try Configuration.load(file: file, in: files, explicit: false, environment: [:])
    return (Update.Request(configuration, days: nil, force: false, apply: apply), configuration)
  }

  @Test func bingAloneStoredOnlyDecodesNothing() throws {
    let (stored, configuration) = try request(sources: "bing", apply: .never)
    #expect(!Update.mayDecode(stored, configuration: configuration))
    let (notConfigured, quiet) = try request(sources: "bing", applyOnUpdate: false, apply: .whenPossible)
    #expect(!Update.mayDecode(notConfigured, configuration: quiet))
  }

  @Test func anotherSourceOrAPictureToSetMayDecode() throws {
    let (apod, configuration) = try request(sources: "bing,apod", apply: .never)
    #expect(Update.mayDecode(apod, configuration: configuration))
    let (applied, applying) = try request(sources: "bing", apply: .whenPossible)
    #expect(Update.mayDecode(applied, configuration: applying))
    let (required, quiet) = try request(sources: "bing", applyOnUpdate: false, apply: .required)
    #expect(Update.mayDecode(required, configuration: quiet))
  }
}
