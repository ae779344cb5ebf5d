import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

/// The Debian package as a user gets it: `make test-package` builds it, runs lintian, and points
/// this suite at it (`BINGWALL_TEST_DEB`, with the version make built in
/// `BINGWALL_TEST_DEB_VERSION`). The suite installs it into this machine with dpkg (as root), checks
/// what it put where (the icons in the hicolor theme too), the man page, the three shells'
/// completion from the installed files and `--version`, then removes and purges it and checks
/// that nothing it installed is left. A bingwall the machine already has is left alone, and the
/// test says so.
@Suite(
  .serialized,
  .enabled(
    if: ProcessInfo.processInfo.environment["BINGWALL_TEST_DEB"] != nil && geteuid() == 0,
    "make test-package sets BINGWALL_TEST_DEB (and installs the package: root only)"))
struct DebianPackageTests {
  static let environment = ProcessInfo.processInfo.environment
  /// The pages, each gzipped in the folder of its section, as the committed man/ holds them.
  static let pages: [String] =
    ((try? FileManager.default.contentsOfDirectory(
      atPath: PackageRoot.path("man"))) ?? []).sorted()
  static let installed =
    pages.map { "/usr/share/man/man\($0.split(separator: ".").last ?? "")/\($0).gz" } + [
      "/usr/bin/bingwall",
      "/usr/share/bash-completion/completions/bingwall", "/usr/share/zsh/vendor-completions/_bingwall",
      "/usr/share/fish/vendor_completions.d/bingwall.fish", "/usr/share/doc/bingwall/copyright",
      "/usr/share/doc/bingwall/changelog.gz",
    ] + CommittedIcons.all().map { "/usr/share/" + $0 }

  @Test func installsWorksAndRemovesWhole() throws {
    let deb = try #require(Self.environment["BINGWALL_TEST_DEB"])
    let version = try #require(Self.environment["BINGWALL_TEST_DEB_VERSION"])
    // A bingwall already installed is the machine owner's: it is neither replaced nor purged.
    let before = try? ExternalTool.text(["dpkg-query", "-W", "-f=${Status}", "bingwall"])
    guard before == nil || before?.hasSuffix("not-installed") == true else {
      Issue.record("bingwall is installed here (\(before ?? "")); remove it to run the package test")
      return
    }
    try ExternalTool.run(["dpkg", "--install", deb])
    var removed = false
    defer { if !removed { _ = try? ExternalTool.run(["dpkg", "--purge", "bingwall"]) } }

    let listed = try ExternalTool.text(["dpkg", "-L", "bingwall"]).split(separator: "\n").map(String.init)
    for path in Self.installed {
      #expect(listed.contains(path), "dpkg -L lists \(path)")
      #expect(FileManager.default.fileExists(atPath: path))
    }
    let files = listed.filter { path in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
    }
    #expect(Set(files) == Set(Self.installed), "no file but these")
    for icon in [CommittedIcons.scalable, CommittedIcons.bitmap48] {
      #expect(listed.contains("/usr/share/" + icon))
      #expect(
        FileManager.default.contents(atPath: "/usr/share/" + icon)
          == FileManager.default.contents(atPath: CommittedIcons.path(icon)), "\(icon) as committed")
    }

    let page = try ExternalTool.text([
      "env", "MANPAGER=cat", "MANWIDTH=80", "LANG=C.UTF-8", "man", "-l", "/usr/share/man/man1/bingwall.1.gz",
    ])
    #expect(page.contains("bingwall — fetch Bing's picture of the day") || page.contains("bingwall - fetch"))
    #expect(page.contains("bingwall \(version)"), "the footer names the version")
    #expect(Self.pages.count > 20)
    // `man NAME` finds the pages a user looks for, from the system's own man path.
    for (words, file) in [
      (["bingwall.conf"], "man5/bingwall.conf.5.gz"), (["bingwall-update"], "man1/bingwall-update.1.gz"),
      (["7", "bingwall-backends"], "man7/bingwall-backends.7.gz"),
    ] {
      let found = try ExternalTool.text(["env", "MANPATH=/usr/share/man", "man", "-w"] + words)
      #expect(found == "/usr/share/man/" + file, "\(words)")
    }
    let conf = try ExternalTool.text([
      "env", "MANPAGER=cat", "MANWIDTH=80", "LANG=C.UTF-8", "man", "-l",
      "/usr/share/man/man5/bingwall.conf.5.gz",
    ])
    #expect(
      conf.contains("bingwall.conf — the configuration file")
        || conf.contains("bingwall.conf - the configuration"))

    // What each shell offers, as a set: zsh's compadd may see a word twice.
    let scratch = try TemporaryDirectory()
    let shells = CompletionShell(home: scratch.path, folder: scratch.path)
    let bash = try shells.bash(["bingwall up"], script: "/usr/share/bash-completion/completions/bingwall")
    let zsh = try shells.zsh(["bingwall up"], folder: "/usr/share/zsh/vendor-completions")
    let fish = try shells.fish(["bingwall up"], script: "/usr/share/fish/vendor_completions.d/bingwall.fish")
    for (shell, offered) in [("bash", bash), ("zsh", zsh), ("fish", fish)] {
      #expect(offered.map(Set.init) == [["update"]], "\(shell): \(offered)")
    }

    #expect(try ExternalTool.text(["/usr/bin/bingwall", "--version"]) == "bingwall \(version)")
    let verbose = try ExternalTool.text(["/usr/bin/bingwall", "-v", "--version"]).split(separator: "\n")
    #expect(verbose.first.map(String.init) == "bingwall \(version)")
    #expect(
      verbose.contains { $0.range(of: #"^commit [0-9a-f]{7,}$"#, options: .regularExpression) != nil },
      "\(verbose)")

    try ExternalTool.run(["dpkg", "--remove", "bingwall"])
    for path in Self.installed { #expect(!FileManager.default.fileExists(atPath: path), "\(path) is gone") }
    try ExternalTool.run(["dpkg", "--purge", "bingwall"])
    removed = true
    #expect((try? ExternalTool.run(["dpkg-query", "-W", "-f=${Status}", "bingwall"])) == nil)
  }
}
