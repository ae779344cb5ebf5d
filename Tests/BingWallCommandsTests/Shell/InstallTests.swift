import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallSystem

/// `make install` and `make uninstall` with DESTDIR: each file lands where man, bash-completion,
/// zsh, fish and the icon theme look for it, and goes away again.
@Suite struct InstallTests {
  @Test func installPutsEachFileWhereItsReaderLooksAndUninstallRemovesThem() throws {
    let staging = try TemporaryDirectory()
    let root = PackageRoot.folder.path
    let shell = CompletionShell(home: staging.path, folder: root)
    let make = ["make", "-s", "-C", root, "DESTDIR=\(staging.path)", "PREFIX=/usr"]
    // The binary needs a release build, which is slow; its line is checked in the dry run below.
    try shell.run(make + ["install", "INSTALL_BINARY=no"])

    let share = staging.path + "/usr/share"
    var installed = [
      "bash-completion/completions/bingwall": "completions/bingwall.bash",
      "zsh/site-functions/_bingwall": "completions/_bingwall",
      "fish/vendor_completions.d/bingwall.fish": "completions/bingwall.fish",
    ]
    // Each page in the folder of its section: man1, man5, man7.
    for page in Manual.pages() { installed["man/man\(page.section)/\(page.name)"] = "man/\(page.name)" }
    #expect(installed.keys.contains("man/man5/bingwall.conf.5"))
    // Each icon at its path below data/, in the hicolor theme's folders.
    for icon in CommittedIcons.all() { installed[icon] = "data/" + icon }
    #expect(installed.keys.contains(CommittedIcons.scalable))
    #expect(installed.keys.contains(CommittedIcons.bitmap48))
    for (path, source) in installed {
      let copy = FileManager.default.contents(atPath: share + "/" + path)
      #expect(copy != nil, "\(path) is installed")
      #expect(copy == FileManager.default.contents(atPath: PackageRoot.path(source)), "\(path)")
    }

    let man = try shell.run(["man", "-M", share + "/man", "-P", "cat", "bingwall"])
    #expect(man.contains("bingwall — fetch Bing's picture of the day"))
    // What a user types finds its page: man finds each by name, and a section picks the
    // backends' page over the backends command's, as `man 5 crontab` does over crontab(1).
    for (words, file) in [
      (["bingwall.conf"], "man5/bingwall.conf.5"), (["bingwall-update"], "man1/bingwall-update.1"),
      (["7", "bingwall-backends"], "man7/bingwall-backends.7"),
      (["bingwall-backends"], "man1/bingwall-backends.1"),
    ] {
      let found = try shell.run(["man", "-M", share + "/man", "-w"] + words)
      #expect(found == share + "/man/" + file + "\n", "\(words)")
    }
    let conf = try shell.run([
      "env", "MANWIDTH=80", "man", "-M", share + "/man", "-P", "cat", "bingwall.conf",
    ])
    #expect(conf.contains("bingwall.conf — the configuration file of bingwall"))
    let bash = try shell.run([
      "env", "XDG_DATA_DIRS=\(share)", "bash", "--norc", "--noprofile", "-c",
      "source /usr/share/bash-completion/bash_completion; __load_completion bingwall; complete -p bingwall",
    ])
    #expect(bash == "complete -F _bingwall bingwall\n")
    let zsh = try shell.run([
      "zsh", "-f", "-c",
      "fpath=(\(share)/zsh/site-functions $fpath); autoload -Uz compinit; compinit -u -D; "
        + "print -r -- $_comps[bingwall]",
    ])
    #expect(zsh == "_bingwall\n")
    // fish reads vendor_completions.d from XDG_DATA_DIRS in its own start-up file.
    let fish = try shell.run(["env", "XDG_DATA_DIRS=\(share)", "fish", "-c", "complete -C 'bingwall up'"])
    #expect(fish.hasPrefix("update\t"), "\(fish)")

    let dryRun = try shell.run(make + ["-n", "install"])
    #expect(dryRun.contains("install -m 0755 .build/release/bingwall \(staging.path)/usr/bin/bingwall"))

    try shell.run(make + ["uninstall"])
    for path in installed.keys {
      #expect(!FileManager.default.fileExists(atPath: share + "/" + path), "\(path)")
    }
  }
}
