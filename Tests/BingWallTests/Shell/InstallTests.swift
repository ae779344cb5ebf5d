import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallSystem

/// `make install` and `make uninstall` with DESTDIR: each file lands where man, bash-completion,
/// zsh and fish look for it, and goes away again.
@Suite struct InstallTests {
  @Test func installPutsEachFileWhereItsReaderLooksAndUninstallRemovesThem() throws {
    let staging = try TemporaryDirectory()
    let root = CompletionShell.packageRoot.path
    let shell = CompletionShell(home: staging.path, folder: root)
    let make = ["make", "-s", "-C", root, "DESTDIR=\(staging.path)", "PREFIX=/usr"]
    // The binary needs a release build, which is slow; its line is checked in the dry run below.
    try shell.run(make + ["install", "INSTALL_BINARY=no"])

    let share = staging.path + "/usr/share"
    let installed = [
      "man/man1/bingwall.1": "man/bingwall.1",
      "bash-completion/completions/bingwall": "completions/bingwall.bash",
      "zsh/site-functions/_bingwall": "completions/_bingwall",
      "fish/vendor_completions.d/bingwall.fish": "completions/bingwall.fish",
    ]
    for (path, source) in installed {
      let copy = try String(contentsOfFile: share + "/" + path, encoding: .utf8)
      #expect(
        copy == (try String(contentsOfFile: CompletionShell.committed(source), encoding: .utf8)), "\(path)")
    }

    let man = try shell.run(["man", "-M", share + "/man", "-P", "cat", "bingwall"])
    #expect(man.contains("bingwall — fetch Bing's picture of the day"))
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
