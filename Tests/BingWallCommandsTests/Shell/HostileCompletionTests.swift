import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallModel
@testable import BingWallStore
@testable import BingWallSystem

/// TAB never runs a picture's id: ids that are shell code (`$(…)`, backquotes, `${IFS}`) come
/// from a Wikimedia title and a Spotlight `entityId` through a real update, from a key in an
/// imported export, and from a history written before keys were escaped; the real bash
/// completion offers each as a word that, pasted into `bingwall show WORD` through bash, names
/// the picture, and nothing it offers ever runs. zsh and fish offer them literally.
@Suite struct HostileCompletionTests {
  /// Each hostile id, by the marker file it would create if a shell ran it.
  static let wikimediaTitle = "File:$(touch${IFS}pwned-wikimedia).jpg"
  static let spotlightID = "`touch${IFS}pwned-spotlight`"
  static let oldKey = "File:$(touch${IFS}pwned-old)`touch${IFS}pwned-old2`.jpg"
  static let importedKey = "$(touch${IFS}pwned-import)"
  static let markers = ["pwned-wikimedia", "pwned-spotlight", "pwned-old", "pwned-old2", "pwned-import"]

  let sandbox: Sandbox
  let shell: CompletionShell
  let work: String

  /// A history from a fake Wikimedia and Spotlight whose ids are shell code.
  init() throws {
    sandbox = try Sandbox()
    work = sandbox.folder.file("work")
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    shell = CompletionShell(home: sandbox.home, folder: work)
    let fake = try FakeSources(now: Date())
    let featured = fake.rewritten(Fixtures.text("sources/wikimedia/featured-2026-06-24.json"))
    let title = try #require(featured.firstRange(of: #/"title": *"File:[^"]*"/#))
    fake.failing(
      .wikimediaFeatured,
      with: .body(featured.replacingCharacters(in: title, with: "\"title\": \"\(Self.wikimediaTitle)\"")))
    let spotlight = fake.rewritten(Fixtures.text("sources/spotlight/spotlight_2025-06-02-v4.json"))
    #expect(spotlight.contains("128000000004945709"))
    fake.failing(
      .spotlightV4,
      with: .body(spotlight.replacingOccurrences(of: "128000000004945709", with: Self.spotlightID)))
    let update = try sandbox.run(
      ["update", "--no-apply"],
      environment: [
        "BINGWALL_SOURCES": "wikimedia,spotlight", "BINGWALL_BACKEND": "none",
        "BINGWALL_WIKIMEDIA_ENDPOINT": fake.baseURL, "BINGWALL_SPOTLIGHT_ENDPOINT": fake.baseURL,
      ])
    #expect(update.status == 0, "\(update.stderr)")
  }

  /// The stored pictures' selectors (`wikimedia:KEY`) and ids, from `list --json`.
  static func stored(_ sandbox: Sandbox) throws -> [String: Int] {
    let list = try sandbox.run(["list", "--json", "--limit", "0"])
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
    var selectors: [String: Int] = [:]
    for row in rows {
      let source = try #require(row["source"] as? String)
      let key = try #require(row["key"] as? String)
      selectors[source == "bing" ? key : "\(source):\(key)"] = try #require(row["id"] as? Int)
    }
    return selectors
  }

  /// No marker file: nothing a completion offered, or a pasted word, ran.
  func expectNothingRan(_ note: String) {
    for marker in Self.markers {
      #expect(!FileManager.default.fileExists(atPath: work + "/" + marker), "\(marker) was created: \(note)")
    }
  }

  /// Each stored picture's selector, completed by the real bash from an empty word and from the
  /// start of its text, and the word bash inserts pasted into `bingwall show WORD --json`
  /// through bash: it must name that picture.
  func expectBashCompletesEachAsAWordThatNamesIt(_ sandbox: Sandbox, _ shell: CompletionShell) throws {
    let stored = try Self.stored(sandbox)
    #expect(!stored.isEmpty)
    let offered = try #require(try shell.bash(["bingwall show "]).first)
    expectNothingRan("bingwall show <TAB>")
    for (selector, id) in stored {
      // Typed as the text itself up to its first shell character, then completed.
      let start = String(selector.prefix { $0.isLetter || $0 == ":" })
      let completed = try #require(try shell.bash(["bingwall show \(start)"]).first)
      expectNothingRan("bingwall show \(start)<TAB>")
      // Every candidate pasted as a word: the one that is this selector, once, and none runs.
      let words = try completed.filter { candidate in
        try shell.run(["bash", "--norc", "--noprofile", "-c", "printf %s \(candidate)"]) == selector
      }
      expectNothingRan("the candidates of \(start) pasted")
      #expect(words.count == 1, "\(selector): \(completed)")
      let word = try #require(words.first)
      #expect(offered.contains(word), "\(word) is not offered for an empty word")
      let pasted = try shell.run(["bash", "--norc", "--noprofile", "-c", "bingwall show \(word) --json"])
      expectNothingRan("bingwall show \(word)")
      let json = try #require(try JSONSerialization.jsonObject(with: Data(pasted.utf8)) as? [String: Any])
      #expect(json["id"] as? Int == id, "\(word): \(pasted)")
      // Typed up to its last ':', which bash splits a word at (COMP_WORDBREAKS): bash replaces
      // only what follows it, so that is what is offered, and the whole word names the picture.
      guard let colon = selector.lastIndex(of: ":") else { continue }
      let before = String(selector[...colon])
      let split = "bingwall show " + before.replacingOccurrences(of: ":", with: " : ") + " "
      let rests = try #require(try shell.bash([split]).first)
      expectNothingRan("\(split)<TAB>")
      let named = try rests.filter { rest in
        try shell.run(["bash", "--norc", "--noprofile", "-c", "printf %s \(before)\(rest)"]) == selector
      }
      expectNothingRan("the candidates of \(split) pasted")
      #expect(named.count == 1, "\(split): \(rests)")
    }
  }

  @Test func idsFromAnUpdateAreKeptEscapedAndCompleteToWordsThatNameThem() throws {
    let stored = try Self.stored(sandbox)
    // The same rule on the way in for every source: the title and the id as SourceKey keeps them.
    let wikimedia = "wikimedia:" + SourceKey.escaped(Self.wikimediaTitle)
    #expect(wikimedia == "wikimedia:File:%24%28touch%24%7BIFS%7Dpwned-wikimedia%29.jpg")
    #expect(stored[wikimedia] != nil, "\(stored.keys)")
    #expect(stored["spotlight:" + SourceKey.escaped(Self.spotlightID)] != nil, "\(stored.keys)")
    try expectBashCompletesEachAsAWordThatNamesIt(sandbox, shell)
  }

  /// A history that holds a key as an older bingwall stored it, unescaped: completion is safe
  /// all the same, in every shell.
  @Test func anOldHistorysRawKeyCompletesQuotedAndRunsNothing() throws {
    let database = sandbox.dataDir + "/history.db"
    let store = try HistoryStore(path: database)
    try store.write {
      _ = try store.database.run(
        "UPDATE pictures SET key = ? WHERE source = 'wikimedia'", [.text(Self.oldKey)])
    }
    let raw = "wikimedia:" + Self.oldKey
    #expect(try Self.stored(sandbox)[raw] != nil)
    try expectBashCompletesEachAsAWordThatNamesIt(sandbox, shell)
    // The word bash inserts, as its %q quoting writes it.
    let offered = try #require(try shell.bash(["bingwall show wiki"]).first)
    #expect(
      offered.contains(#"wikimedia:File:\$\(touch\$\{IFS\}pwned-old\)\`touch\$\{IFS\}pwned-old2\`.jpg"#))
    // zsh and fish offer the text itself, and run nothing.
    let zsh = try shell.zsh(["bingwall show "])
    #expect(zsh.first?.contains(raw) == true, "\(zsh)")
    expectNothingRan("zsh")
    let fish = try shell.fish(["bingwall show "])
    #expect(fish.first?.contains(raw) == true, "\(fish)")
    expectNothingRan("fish")
  }

  /// The whole round as a person makes it: TAB in an interactive bash on a terminal, its
  /// readline inserting the word, Enter running the line. The old key is the one word `wiki`
  /// completes to; bash runs `bingwall show` with the key itself, and nothing else.
  @Test func tabAndEnterInAnInteractiveBashShowThePictureAndRunNothing() throws {
    let store = try HistoryStore(path: sandbox.dataDir + "/history.db")
    try store.write {
      _ = try store.database.run(
        "UPDATE pictures SET key = ? WHERE source = 'wikimedia'", [.text(Self.oldKey)])
    }
    let raw = "wikimedia:" + Self.oldKey
    let id = try #require(try Self.stored(sandbox)[raw])
    let terminal = try PseudoTerminal(
      executable: "/bin/bash", arguments: ["--norc", "--noprofile", "-i"], environment: shell.environment)
    terminal.type(
      "bind 'set enable-bracketed-paste off'; cd \(shell.quoted(work)); "
        + "source /usr/share/bash-completion/bash_completion; "
        + "source \(shell.quoted(PackageRoot.path("completions/bingwall.bash"))); PS1='READY''> '\n")
    #expect(terminal.read(until: "READY> ", limit: 20), "\(terminal.text)")
    terminal.type("bingwall show wiki\t")
    // The word readline inserted, as %q wrote it, then a space: the line is complete.
    #expect(terminal.read(until: "pwned-old2\\`.jpg ", limit: 20), "\(terminal.text)")
    terminal.type("--json > shown.json; echo SHOWN''-DONE\n")
    #expect(terminal.read(until: "SHOWN-DONE", limit: 20), "\(terminal.text)")
    // From after its colons, where bash completes only the rest of the word.
    terminal.type("bingwall show wikimedia:File:$\t")
    // readline rubs out the `$` typed and writes the rest of the quoted word after `File:`.
    #expect(
      terminal.read(until: { $0.components(separatedBy: "pwned-old2\\`.jpg ").count > 2 }, limit: 20),
      "\(terminal.text)")
    terminal.type("--json > again.json; echo AGAIN''-DONE\n")
    #expect(terminal.read(until: "AGAIN-DONE", limit: 20), "\(terminal.text)")
    terminal.type("exit\n")
    _ = terminal.finish(limit: 10)
    expectNothingRan("an interactive TAB and Enter")
    for name in ["shown.json", "again.json"] {
      let shown = try Data(contentsOf: URL(fileURLWithPath: work + "/" + name))
      let json = try #require(try JSONSerialization.jsonObject(with: shown) as? [String: Any])
      #expect(json["id"] as? Int == id, "\(name)")
      #expect(json["key"] as? String == Self.oldKey, "\(name)")
    }
  }

  /// An export whose key is shell code (written by hand, or by a version before keys were
  /// escaped) is imported under the escaped key, and completes as the others.
  @Test func anImportedKeyIsEscapedAndCompletesToAWordThatNamesIt() throws {
    let folder = sandbox.folder.file("export")
    let exported = try sandbox.run(["export", folder])
    #expect(exported.status == 0, "\(exported.stderr)")
    let document = folder + "/bingwall-export.json"
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: document)))
        as? [String: Any])
    var pictures = try #require(object["pictures"] as? [[String: Any]])
    let index = try #require(pictures.firstIndex { $0["source"] as? String == "spotlight" })
    pictures[index]["key"] = Self.importedKey
    object["pictures"] = pictures
    try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: document))

    let destination = try Sandbox()
    let imported = try destination.run(["import", folder])
    #expect(imported.status == 0, "\(imported.stderr)")
    let escaped = "spotlight:%24%28touch%24%7BIFS%7Dpwned-import%29"
    #expect(escaped == "spotlight:" + SourceKey.escaped(Self.importedKey))
    let stored = try Self.stored(destination)
    #expect(stored[escaped] != nil, "\(stored.keys)")
    try expectBashCompletesEachAsAWordThatNamesIt(
      destination, CompletionShell(home: destination.home, folder: work))
  }
}
