import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Synchronization
import Testing

/// Every real Bing answer in `../shared/realbing`, replayed through the fake server to the
/// built binary: each alone into a fresh history, then each market's answers in date order
/// into one history, as a machine that ran `update` on those days would have seen them.
///
/// What the binary stored (`list --json`) is compared with what the files say, worked out by
/// `RealBingCorpus` without bingwall's decoder. Pictures are asked for at 1920x1080 and served
/// as one tiny JPEG tagged per id, and `--no-apply` leaves the desktop out, so that the
/// 434 runs stay quick; the runs go several at a time, each in its own sandbox.
@Suite(
  // CI and the project's machines have the corpus next to the package; elsewhere the replay
  // cannot run, and says so instead of passing empty.
  .enabled(
    if: RealBingCorpus.isPresent,
    "skipped: the real Bing responses are not at ../shared/realbing next to the package"))
struct RealBingReplayTests {
  let server: FakeHTTPServer

  init() throws {
    server = try FakeHTTPServer()
    let picture = try TestJPEG.make(width: 64, height: 36)
    // Each response under its own prefix, so that one server holds all of them at once.
    for (index, response) in RealBingCorpus.responses.enumerated() {
      let prefix = Self.prefix(index)
      server.route(
        prefix + "/HPImageArchive.aspx", query: ["mkt": response.market],
        FakeResponse(
          status: 200, headers: [("Content-Type", "application/json; charset=utf-8")],
          body: .data(response.body)))
      for path in Set(response.entries.map(\.imagePath)) {
        server.route(prefix + path) { request in
          .bytes(TestJPEG.tagged(picture, with: request.target), contentType: "image/jpeg")
        }
      }
    }
  }

  static func prefix(_ index: Int) -> String { "/r\(index)" }

  func endpoint(_ index: Int) -> String { server.baseURL + Self.prefix(index) }

  static func update(_ sandbox: Sandbox, market: String, endpoint: String) throws -> Sandbox.Result {
    try sandbox.run(
      ["update", "--no-apply", "-m", market, "-r", "1920x1080"], environment: ["BINGWALL_ENDPOINT": endpoint])
  }

  @Test func theCorpusIsReadWhole() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: RealBingCorpus.folder.path)
      .filter { $0.hasSuffix(".json") }
    #expect(RealBingCorpus.responses.count == files.count)
    let empty = RealBingCorpus.responses.filter { $0.entries.isEmpty }.map(\.file)
    #expect(empty.isEmpty, "responses without a picture: \(empty)")
  }

  @Test func everyResponseAloneStoresWhatItSays() throws {
    let responses = RealBingCorpus.responses
    let failed = Mutex<[String: [String]]>([:])
    Self.inParallel(responses.count, width: 6) { index in
      let response = responses[index]
      let problems: [String]
      do {
        let sandbox = try Sandbox()
        let update = try Self.update(sandbox, market: response.market, endpoint: endpoint(index))
        if update.status != 0 {
          problems = ["update exited \(update.status): \(update.stderr)"]
        } else {
          let expected = Dictionary(
            response.entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
          var found = try Self.problems(in: sandbox, expected: expected, market: response.market)
          // The served-market warning exactly when Bing served another market's pictures.
          let substituted = response.served.map { $0.lowercased() != response.market.lowercased() } ?? false
          let warning =
            "bingwall: warning: Bing served the \(response.served ?? "") picture for \(response.market);"
          if update.stderr.contains(warning) != substituted {
            found.append(
              "served \(response.served ?? "unknown"), but stderr was: \(String(reflecting: update.stderr))")
          }
          problems = found
        }
      } catch {
        problems = ["\(error)"]
      }
      if !problems.isEmpty { failed.withLock { $0[response.file] = problems } }
    }
    let failures = failed.withLock { $0 }
    for (file, problems) in failures.sorted(by: { $0.key < $1.key }) {
      Issue.record("\(file): \(problems.joined(separator: "\n  "))")
    }
    #expect(failures.isEmpty, "\(failures.count) of \(responses.count) responses replayed wrong")
  }

  @Test func eachMarketsResponsesInDateOrderMakeOneHistory() throws {
    let markets = RealBingCorpus.sequenceMarkets
    #expect(!markets.isEmpty)
    let indexed = Array(RealBingCorpus.responses.enumerated())
    let failed = Mutex<[String: [String]]>([:])
    let reissuedDays = Mutex(0)
    Self.inParallel(markets.count, width: markets.count) { marketIndex in
      let market = markets[marketIndex]
      // File names sort by capture date within a market.
      let sequence = indexed.filter { $0.element.market == market }
      var problems: [String] = []
      do {
        let sandbox = try Sandbox()
        var model = HistoryModel()
        for (index, response) in sequence {
          let update = try Self.update(sandbox, market: market, endpoint: endpoint(index))
          if update.status != 0 {
            problems.append("\(response.file): update exited \(update.status): \(update.stderr)")
          }
          model.replay(response.entries)
        }
        problems += try Self.problems(in: sandbox, expected: model.shown, market: market)
        reissuedDays.withLock { $0 += model.reissuedDays.count }
        let listed = Set(try Self.list(sandbox).compactMap { $0["key"] as? String })
        for (date, keys) in model.reissuedDays.sorted(by: { $0.key < $1.key }) {
          let lost = keys.subtracting(listed)
          if !lost.isEmpty { problems.append("re-issued \(date) lost \(lost.sorted())") }
        }
      } catch {
        problems.append("\(error)")
      }
      if !problems.isEmpty { failed.withLock { $0[market] = problems } }
    }
    let failures = failed.withLock { $0 }
    for (market, problems) in failures.sorted(by: { $0.key < $1.key }) {
      Issue.record("\(market): \(problems.joined(separator: "\n  "))")
    }
    #expect(failures.isEmpty, "\(failures.count) of \(markets.count) market sequences replayed wrong")
    // The corpus holds days Bing re-issued with another picture; a replay that saw none of
    // them would not test what it claims to.
    #expect(reissuedDays.withLock { $0 } > 0)
  }

  /// What the history should show after a market's responses, worked out from the files: one
  /// picture per key; a day another picture replaced keeps the old one too (docs/bing-endpoint.md);
  /// the same picture sent again (a corrected credit) is updated in place.
  struct HistoryModel {
    /// The fields of each key on each date, the latest response's.
    var appearances: [String: [String: RealBingCorpus.Entry]] = [:]
    /// The key Bing shows on each date now.
    var current: [String: String] = [:]
    /// Dates that had more than one picture, with every key they had.
    var reissuedDays: [String: Set<String>] = [:]

    mutating func replay(_ entries: [RealBingCorpus.Entry]) {
      for entry in entries {
        if let before = current[entry.date], before != entry.key {
          reissuedDays[entry.date, default: [before]].insert(entry.key)
        }
        current[entry.date] = entry.key
        appearances[entry.key, default: [:]][entry.date] = entry
      }
    }

    /// Per key, the appearance `list` shows: the newest day it still holds, else (replaced on
    /// every day it had) its newest day.
    var shown: [String: RealBingCorpus.Entry] {
      appearances.mapValues { byDate in
        let held = byDate.filter { current[$0.key] == $0.value.key }
        let pool = held.isEmpty ? byDate : held
        return pool.max { $0.key < $1.key }!.value
      }
    }
  }

  static func list(_ sandbox: Sandbox) throws -> [[String: Any]] {
    let list = try sandbox.run(["list", "--json", "--limit", "0"])
    guard list.status == 0 else { throw ReplayError("list exited \(list.status): \(list.stderr)") }
    guard let pictures = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
    else {
      throw ReplayError("list --json printed no array: \(list.stdout.prefix(200))")
    }
    return pictures
  }

  /// Where the stored pictures differ from `expected` (by key): missing or extra pictures, a key
  /// stored twice, or a field other than the file says.
  static func problems(in sandbox: Sandbox, expected: [String: RealBingCorpus.Entry], market: String) throws
    -> [String]
  {
    let pictures = try list(sandbox)
    var problems: [String] = []
    let keys = pictures.compactMap { $0["key"] as? String }
    let counted = Dictionary(keys.map { ($0, 1) }, uniquingKeysWith: +)
    let twice = counted.filter { $0.value > 1 }.keys.sorted()
    if !twice.isEmpty { problems.append("stored more than once: \(twice)") }
    let missing = Set(expected.keys).subtracting(keys).sorted()
    if !missing.isEmpty { problems.append("not stored: \(missing)") }
    let extra = Set(keys).subtracting(expected.keys).sorted()
    if !extra.isEmpty { problems.append("not in the response: \(extra)") }
    for picture in pictures {
      guard let key = picture["key"] as? String, let entry = expected[key] else { continue }
      let fields = [
        ("market", market), ("date", entry.date), ("title", entry.title), ("copyright", entry.copyright),
        ("caption", entry.caption), ("credit", entry.credit),
      ]
      for (field, want) in fields where picture[field] as? String != want {
        problems.append(
          "\(key) \(field): stored \(String(reflecting: picture[field] as? String)), file says \(String(reflecting: want))"
        )
      }
    }
    return problems
  }

  /// Runs `body(0..<count)` on `width` threads of its own: the work waits on child processes,
  /// which would starve the test runner's few cooperative threads.
  static func inParallel(_ count: Int, width: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let next = Mutex(0)
    let group = DispatchGroup()
    for _ in 0..<max(1, min(width, count)) {
      group.enter()
      Thread {
        defer { group.leave() }
        while true {
          let index = next.withLock { value in
            defer { value += 1 }
            return value
          }
          guard index < count else { return }
          body(index)
        }
      }.start()
    }
    group.wait()
  }

  struct ReplayError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}
