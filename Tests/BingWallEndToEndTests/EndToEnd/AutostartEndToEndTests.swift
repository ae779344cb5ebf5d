import BingWallCommandsTestSupport
import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCLI
@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallSystem

/// `bingwall autostart` run as a user would, with stub `systemctl` and `crontab` first (and alone) on
/// PATH, so nothing on the machine running the tests is ever enabled. The files it writes are checked
/// by the tools that read them for real: systemd-analyze, desktop-file-validate, GLib's launcher, sh.
@Suite struct AutostartEndToEndTests {
  let sandbox: Sandbox

  init() throws {
    sandbox = try Sandbox()
  }

  init(sandbox: Sandbox) {
    self.sandbox = sandbox
  }

  var stubs: String { sandbox.folder.file("stubs") }
  var configHome: String { sandbox.home + "/.config" }
  var unitFolder: String { configHome + "/systemd/user" }
  var entryPath: String { configHome + "/autostart/bingwall.desktop" }
  var crontabFile: String { stubs + "/crontab.txt" }

  enum Systemd {
    /// A user instance answers; the stub remembers what was enabled.
    case up
    /// systemctl is installed, but no instance answers (a container, `su`).
    case down
    /// No systemctl on PATH at all.
    case absent
  }

  /// Puts the stubs in place and returns the environment that makes the binary use only them.
  func stubbed(
    systemd: Systemd = .down, crontab: Bool = true, executable: String? = Sandbox.binary,
    extra: [String: String] = [:]
  ) throws -> [String: String] {
    try FileManager.default.createDirectory(atPath: stubs, withIntermediateDirectories: true)
    if systemd != .absent { try install("systemctl", Self.systemctlStub) }
    if systemd == .up { _ = FileManager.default.createFile(atPath: stubs + "/systemd-up", contents: nil) }
    if crontab { try install("crontab", Self.crontabStub) }
    var environment = ["PATH": stubs]
    if let executable { environment[AutostartEnvironment.executableOverride] = executable }
    return environment.merging(extra) { _, new in new }
  }

  func install(_ name: String, _ script: String) throws {
    let path = stubs + "/" + name
    try ExecutableScript.write(script.replacingOccurrences(of: "@STUBS@", with: stubs), to: path)
  }

  /// Logs each call's arguments; answers like systemd 252 does with and without a user instance.
  static let systemctlStub = """
    #!/bin/sh
    printf '%s\\n' "$*" >> '@STUBS@/systemctl.log'
    [ "$1" = --user ] || exit 64
    shift
    if [ ! -e '@STUBS@/systemd-up' ]; then
      echo 'Failed to connect to bus: No medium found' >&2
      exit 1
    fi
    case "$1" in
      show-environment) echo 'HOME=/home/me' ;;
      is-enabled) if [ -e "@STUBS@/enabled-$2" ]; then echo enabled; else echo disabled; exit 1; fi ;;
      enable) : > "@STUBS@/enabled-$3" ;;
      disable) /bin/rm -f "@STUBS@/enabled-$3" ;;
      is-active) echo active ;;
    esac
    exit 0

    """

  /// Keeps the table in a file. Like Debian's crontab(1), refuses a new table whose last line has
  /// no newline.
  static let crontabStub = """
    #!/bin/sh
    f='@STUBS@/crontab.txt'
    printf '%s\\n' "$*" >> '@STUBS@/crontab.log'
    case "$1" in
      -l)
        if [ ! -e "$f" ]; then echo 'no crontab for me' >&2; exit 1; fi
        /bin/cat "$f" ;;
      -)
        /bin/cat > "$f.new"
        last=$(/usr/bin/tail -c 1 "$f.new" | /usr/bin/od -An -tx1 | /usr/bin/tr -d ' ')
        if [ -s "$f.new" ] && [ "$last" != 0a ]; then
          echo "new crontab file is missing newline before EOF, can't install." >&2
          /bin/rm -f "$f.new"
          exit 1
        fi
        /bin/mv "$f.new" "$f" ;;
      -r)
        if [ ! -e "$f" ]; then echo 'no crontab for me' >&2; exit 1; fi
        /bin/rm -f "$f" ;;
      *) exit 64 ;;
    esac

    """

  func log(_ name: String) -> [String] {
    let text = (try? String(contentsOfFile: stubs + "/\(name).log", encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }

  /// Runs a tool for real and returns its status and everything it printed.
  static func tool(_ arguments: [String], environment: [String: String] = ["PATH": "/usr/bin:/bin"])
    throws -> (status: Int32, output: String)
  {
    let result = try PosixProcessRunner().run(
      ProcessInvocation(arguments: arguments, environment: environment, timeout: .seconds(30)))
    return (result.status, result.stdoutText + result.stderrText)
  }

  /// `systemd-analyze --user verify`, which needs a runtime folder but no running systemd.
  func verify(_ files: [String]) throws -> (status: Int32, output: String) {
    let runtime = sandbox.folder.file("runtime")
    try FileManager.default.createDirectory(
      atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return try Self.tool(
      ["systemd-analyze", "--user", "verify"] + files,
      environment: ["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime, "HOME": sandbox.home])
  }

  /// A script that records how it was called, in a folder whose name needs every kind of quoting.
  func recorder(in folderName: String) throws -> (path: String, record: String) {
    let folder = sandbox.folder.file(folderName)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let record = sandbox.folder.file("argv-\(UUID().uuidString).txt")
    let path = folder + "/bingwall"
    try ExecutableScript.write("#!/bin/sh\nprintf '%s\\n' \"$0\" \"$@\" > '\(record)'\n", to: path)
    return (path, record)
  }

  /// Every file and link under HOME with its content, to compare a whole home before and after.
  func snapshot() -> [String: String] {
    var result: [String: String] = [:]
    let manager = FileManager.default
    for relative in (manager.subpaths(atPath: sandbox.home) ?? []) {
      let path = sandbox.home + "/" + relative
      if let link = try? manager.destinationOfSymbolicLink(atPath: path) {
        result[relative] = "-> " + link
      } else if let data = manager.contents(atPath: path) {
        result[relative] = data.base64EncodedString()
      }
    }
    result["(crontab)"] = manager.contents(atPath: crontabFile)?.base64EncodedString() ?? "(none)"
    return result
  }

  // MARK: The files pass the tools that read them

  @Test func systemdUnitsPassSystemdAnalyzeVerify() throws {
    let environment = try stubbed()
    #expect(
      try sandbox.run(["autostart", "enable", "--method", "systemd"], environment: environment).status == 0)
    let timer = try sandbox.run(
      ["autostart", "enable", "--method", "systemd-timer"], environment: environment)
    #expect(timer.status == 0, "\(timer.stderr)")
    let files = ["bingwall.service", "bingwall-update.service", "bingwall-update.timer"].map {
      unitFolder + "/" + $0
    }
    let verified = try verify(files)
    #expect(verified.status == 0, "\(verified.output)")
    #expect(verified.output.isEmpty, "\(verified.output)")
    #expect(
      try String(contentsOfFile: files[0], encoding: .utf8).contains("ExecStart=\(Sandbox.binary) daemon\n"))
  }

  /// The control: what the verify above would say about a comment after a setting, or a missing binary.
  @Test func systemdAnalyzeCatchesTheMistakesWeAvoid() throws {
    let unit = sandbox.folder.file("broken.service")
    try "[Service]\nExecStart=\(Sandbox.binary) daemon\nRestart=on-failure  # retry\n".write(
      toFile: unit, atomically: true, encoding: .utf8)
    let trailing = try verify([unit])
    #expect(trailing.output.contains("Failed to parse service restart specifier"), "\(trailing.output)")
    try "[Service]\nExecStart=/nonexistent/bingwall daemon\n".write(
      toFile: unit, atomically: true, encoding: .utf8)
    #expect(try verify([unit]).status != 0)
  }

  /// systemd-analyze checks that the program exists, so a wrongly quoted path fails here.
  @Test func anAwkwardPathIsQuotedSoSystemdFindsTheBinary() throws {
    let folder = sandbox.folder.file("my apps $HOME 100% (x);y")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/bingwall", withDestinationPath: Sandbox.binary)
    let environment = try stubbed(executable: folder + "/bingwall")
    let result = try sandbox.run(["autostart", "enable", "--method", "systemd"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let verified = try verify([unitFolder + "/bingwall.service"])
    #expect(verified.status == 0, "\(verified.output)")
    #expect(verified.output.isEmpty, "\(verified.output)")
  }

  @Test func aPathSystemdCannotRunIsRefusedBeforeAnythingIsWritten() throws {
    let environment = try stubbed(executable: "/opt/it's/bingwall")
    let result = try sandbox.run(["autostart", "enable", "--method", "systemd"], environment: environment)
    #expect(result.status == 1)
    #expect(result.stderr.contains("contains '''"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: unitFolder + "/bingwall.service"))
  }

  @Test func theDesktopEntryPassesDesktopFileValidate() throws {
    let result = try sandbox.run(["autostart", "enable", "--method", "xdg"], environment: try stubbed())
    #expect(result.status == 0, "\(result.stderr)")
    let validated = try Self.tool(["desktop-file-validate", entryPath])
    #expect(validated.status == 0, "\(validated.output)")
    #expect(validated.output.isEmpty, "\(validated.output)")
    // The control: the validator does object to what a careless entry would hold.
    let broken = sandbox.folder.file("broken.desktop")
    try "[Desktop Entry]\nType=Application\nName=b\nExec=b\nEnabled=true\n".write(
      toFile: broken, atomically: true, encoding: .utf8)
    #expect(try Self.tool(["desktop-file-validate", broken]).status != 0)
  }

  /// GLib's own launcher (what GNOME's session uses) reads Exec back into exactly our argv.
  @Test func glibStartsTheEntryWithExactlyTheRightArguments() throws {
    let (path, record) = try recorder(in: "it's \"my\" $apps; `x` (\\y) & z")
    let environment = try stubbed(executable: path)
    let result = try sandbox.run(["autostart", "enable", "--method", "xdg"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try Self.tool(["desktop-file-validate", entryPath]).status == 0)
    let launched = try Self.tool(
      ["gio", "launch", entryPath], environment: ["PATH": "/usr/bin:/bin", "HOME": sandbox.home])
    #expect(launched.status == 0, "\(launched.output)")
    var argv: [String] = []
    for _ in 0..<100 where argv.count < 2 {
      usleep(20_000)
      argv = ((try? String(contentsOfFile: record, encoding: .utf8)) ?? "").split(separator: "\n").map(
        String.init)
    }
    #expect(argv == [path, "daemon"])
  }

  // MARK: cron

  /// Comments, blank lines, variables, odd spacing, a byte that is not UTF-8, and a last line without
  /// its newline (which crontab -l can print for a table written behind crontab's back).
  static let userCrontab =
    Data(
      """
      # m h  dom mon dow   command
      MAILTO=me@example.com
      PATH=/usr/local/bin:/usr/bin:/bin

      */5 * * * *   /usr/bin/backup --fast   # every five minutes
        # indented comment
      @reboot echo caf
      """.utf8) + Data([0xE9]) + Data(" > /tmp/log\n0 3 * * * /usr/bin/last-line".utf8)

  @Test func cronKeepsEveryOtherLineByteForByte() throws {
    let environment = try stubbed()
    try Self.userCrontab.write(to: URL(fileURLWithPath: crontabFile))
    let enabled = try sandbox.run(["autostart", "enable", "--method", "cron"], environment: environment)
    #expect(enabled.status == 0, "\(enabled.stderr)")
    let installed = try Data(contentsOf: URL(fileURLWithPath: crontabFile))
    #expect(installed.starts(with: Self.userCrontab + Data("\n".utf8)))
    let added = String(decoding: installed.dropFirst(Self.userCrontab.count + 1), as: UTF8.self)
    let pattern =
      #"^[0-5]?[0-9] \* \* \* \* "# + NSRegularExpression.escapedPattern(for: Sandbox.binary)
      + #" update --quiet # bingwall autostart\n$"#
    #expect(added.range(of: pattern, options: .regularExpression) != nil, "\(added)")

    let again = try sandbox.run(["autostart", "enable", "--method", "cron"], environment: environment)
    #expect(again.status == 0)
    #expect(again.stdout.contains("already on (cron)"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: crontabFile)) == installed)
    // Each enable reads the crontab once, and writes it only the first time.
    #expect(log("crontab") == ["-l", "-", "-l"])

    let disabled = try sandbox.run(["autostart", "disable", "--method", "cron"], environment: environment)
    #expect(disabled.status == 0, "\(disabled.stderr)")
    // Only the newline crontab(1) insists on was added to the user's text.
    #expect(try Data(contentsOf: URL(fileURLWithPath: crontabFile)) == Self.userCrontab + Data("\n".utf8))
  }

  @Test func cronStartingFromNoCrontabEndsWithNoCrontab() throws {
    let environment = try stubbed()
    #expect(
      try sandbox.run(["autostart", "enable", "--method", "cron"], environment: environment).status == 0)
    #expect(FileManager.default.fileExists(atPath: crontabFile))
    #expect(try sandbox.run(["autostart", "disable"], environment: environment).status == 0)
    #expect(!FileManager.default.fileExists(atPath: crontabFile))
    #expect(log("crontab").last == "-r")
  }

  /// The line runs through cron's `%` handling and then /bin/sh, and arrives as exactly our argv.
  @Test func theCronLineRunsTheBinaryWithExactlyTheRightArguments() throws {
    let (path, record) = try recorder(in: "it's my $HOME; 100% (x) & `y`")
    let environment = try stubbed(executable: path)
    let result = try sandbox.run(["autostart", "enable", "--method", "cron"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let line = try String(contentsOfFile: crontabFile, encoding: .utf8).trimmingCharacters(in: .newlines)
    let ran = try Self.tool(["/bin/sh", "-c", Self.cronCommand(line)])
    #expect(ran.status == 0, "\(ran.output)")
    let argv = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(argv == [path, "update", "--quiet"])
  }

  /// What cron hands to the shell: the line after its five time fields, up to the first unescaped
  /// `%` (the rest would be stdin), with `\%` turned into `%`, as cron's do_command.c does.
  static func cronCommand(_ line: String) -> String {
    var rest = Substring(line)
    for _ in 0..<5 {
      rest = rest.drop { $0 != " " && $0 != "\t" }.drop { $0 == " " || $0 == "\t" }
    }
    var command = ""
    var escaped = false
    for character in rest {
      if escaped {
        if character != "%" { command.append("\\") }
        command.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "%" {
        break
      } else {
        command.append(character)
      }
    }
    return command
  }

  // MARK: systemctl reachable or not

  /// Out of reach, the outcome and the one command that turns it on; systemctl's words and its
  /// own commands only under -v.
  @Test func withSystemdDownTheFilesAreWrittenAndTheOneCommandPrinted() throws {
    for systemd in [Systemd.down, .absent] {
      let sandbox = try Sandbox()
      let test = AutostartEndToEndTests(sandbox: sandbox)
      let environment = try test.stubbed(systemd: systemd)
      let result = try sandbox.run(["autostart", "enable", "--method", "systemd"], environment: environment)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(FileManager.default.fileExists(atPath: test.unitFolder + "/bingwall.service"))
      #expect(
        result.stdout
          == "Autostart not on yet: systemd is out of reach here. Run in your desktop session:\n"
          + "  bingwall autostart enable --method systemd\n")
      #expect(result.stderr.isEmpty, "\(result.stderr)")
      #expect(test.log("systemctl") == (systemd == .down ? ["--user show-environment"] : []))

      let verbose = try sandbox.run(
        ["-v", "autostart", "enable", "--method", "systemd"], environment: environment)
      let reason =
        systemd == .down ? "Failed to connect to bus: No medium found" : "systemctl is not installed"
      #expect(verbose.stderr.contains("bingwall: info: systemd: out of reach: "), "\(verbose.stderr)")
      #expect(verbose.stderr.contains(reason), "\(verbose.stderr)")
      #expect(
        verbose.stderr.contains(
          "bingwall: info: systemd: the same with systemctl: systemctl --user daemon-reload && "
            + "systemctl --user enable --now bingwall.service\n"), "\(verbose.stderr)")
      #expect(verbose.stderr.contains("bingwall: info: systemd: sandbox: basic "), "\(verbose.stderr)")

      let status = try sandbox.run(["autostart", "status", "--method", "systemd"], environment: environment)
      #expect(
        status.stdout
          == "systemd  off  written, not enabled; run 'bingwall autostart enable --method systemd' in your "
          + "desktop session\n")
    }
  }

  @Test func withSystemdUpReloadAndEnableAreCalledExactly() throws {
    let environment = try stubbed(systemd: .up)
    let before = snapshot()
    let enabled = try sandbox.run(["autostart", "enable", "--method", "systemd"], environment: environment)
    #expect(enabled.status == 0, "\(enabled.stderr)")
    #expect(
      log("systemctl") == [
        "--user show-environment", "--user daemon-reload", "--user enable --now bingwall.service",
        "--user is-active graphical-session.target",
      ])
    #expect(!enabled.stdout.contains("not reachable"))

    let again = try sandbox.run(["autostart", "enable", "--method", "systemd"], environment: environment)
    #expect(again.stdout.contains("Autostart already on (systemd); nothing changed."))
    #expect(
      log("systemctl").dropFirst(4) == [
        "--user show-environment", "--user is-enabled bingwall.service",
        "--user is-active graphical-session.target",
      ])

    let disabled = try sandbox.run(["autostart", "disable", "--method", "systemd"], environment: environment)
    #expect(disabled.status == 0, "\(disabled.stderr)")
    #expect(
      log("systemctl").dropFirst(7) == [
        "--user show-environment", "--user disable --now bingwall.service", "--user daemon-reload",
      ])
    #expect(snapshot() == before)
  }

  @Test func aFailingSystemctlExitsOne() throws {
    let environment = try stubbed(systemd: .up)
    try install(
      "systemctl",
      "#!/bin/sh\ncase \"$2\" in show-environment) exit 0 ;; esac\necho 'Access denied' >&2\nexit 1\n")
    let result = try sandbox.run(
      ["autostart", "enable", "--method", "systemd-timer"], environment: environment)
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "bingwall: error: 'systemctl --user daemon-reload' failed with status 1: Access denied"),
      "\(result.stderr)")
  }

  // MARK: Choosing, status, and taking it all back

  @Test(arguments: [
    (Systemd.up, [String: String](), "systemd"),
    (Systemd.down, ["XDG_CURRENT_DESKTOP": "GNOME"], "xdg"),
    (Systemd.absent, [:], "cron"),
  ])
  func enableWithoutMethodPicksForThisSystem(systemd: Systemd, variables: [String: String], expected: String)
    throws
  {
    let result = try sandbox.run(
      ["autostart", "enable"], environment: try stubbed(systemd: systemd, extra: variables))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Autostart on (\(expected)): "), "\(result.stdout)")
    #expect(result.stdout.contains("\nChosen because "), "\(result.stdout)")
    let status = try sandbox.run(
      ["autostart", "status", "--json"], environment: try stubbed(systemd: systemd))
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])
    #expect(items.compactMap { $0["enabled"] as? Bool == true ? $0["method"] as? String : nil } == [expected])
    // Asked again, even where another method would be picked now, it keeps what is on.
    let again = try sandbox.run(["autostart", "enable"], environment: try stubbed(systemd: .up))
    #expect(again.stdout.hasPrefix("Autostart is set up with \(expected); keeping it.\n"), "\(again.stdout)")
  }

  @Test func statusListsEveryMethodAsTextAndJSON() throws {
    let environment = try stubbed()
    #expect(
      try sandbox.run(["autostart", "enable", "--method", "xdg"], environment: environment).status == 0)
    #expect(
      try sandbox.run(["autostart", "enable", "--method", "cron"], environment: environment).status == 0)
    let text = try sandbox.run(["autostart", "status"], environment: environment)
    #expect(text.status == 0)
    let lines = text.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(lines[0] == "systemd        off")
    #expect(lines[1] == "systemd-timer  off")
    #expect(lines[2] == "xdg            on   \(entryPath)")
    #expect(lines[3].hasPrefix("cron           on   crontab: "))
    #expect(lines[3].hasSuffix(" update --quiet # bingwall autostart"))

    let json = try sandbox.run(["autostart", "status", "--json"], environment: environment)
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(items.map { $0["method"] as? String } == ["systemd", "systemd-timer", "xdg", "cron"])
    #expect(items.map { $0["enabled"] as? Bool } == [false, false, true, true])
    #expect(items[2]["files"] as? [String] == [entryPath])
    #expect((items[3]["lines"] as? [String])?.count == 1)

    let one = try sandbox.run(["autostart", "status", "--method", "xdg"], environment: environment)
    #expect(one.stdout == "xdg  on   \(entryPath)\n")
  }

  /// Every method on, then one `disable`: the home and the crontab are as they were, byte for byte.
  @Test func disableTakesBackExactlyWhatEnableDid() throws {
    let environment = try stubbed(systemd: .up)
    try FileManager.default.createDirectory(
      atPath: configHome + "/autostart", withIntermediateDirectories: true)
    try "[Desktop Entry]\nType=Application\nName=Other\nExec=other\n".write(
      toFile: configHome + "/autostart/other.desktop", atomically: true, encoding: .utf8)
    try Data("MAILTO=\"\"\n0 * * * * /usr/bin/other\n".utf8).write(to: URL(fileURLWithPath: crontabFile))
    let before = snapshot()
    for method in ["systemd", "systemd-timer", "xdg", "cron"] {
      let result = try sandbox.run(["autostart", "enable", "--method", method], environment: environment)
      #expect(result.status == 0, "\(method): \(result.stderr)")
    }
    #expect(snapshot() != before)
    let disabled = try sandbox.run(["autostart", "disable"], environment: environment)
    #expect(disabled.status == 0, "\(disabled.stderr)")
    for method in ["systemd", "systemd-timer", "xdg", "cron"] {
      #expect(disabled.stdout.contains("Autostart off (\(method)).\n"), "\(disabled.stdout)")
    }
    #expect(snapshot() == before)
    let again = try sandbox.run(["autostart", "disable"], environment: environment)
    #expect(again.stdout == "Autostart was not on; nothing changed.\n")
  }

  @Test func aFileTheUserWroteIsLeftAloneAndReported() throws {
    try FileManager.default.createDirectory(
      atPath: configHome + "/autostart", withIntermediateDirectories: true)
    let own = "[Desktop Entry]\nType=Application\nName=mine\nExec=bingwall daemon --rotate 1h\n"
    try own.write(toFile: entryPath, atomically: true, encoding: .utf8)
    let environment = try stubbed()
    let result = try sandbox.run(["autostart", "enable", "--method", "xdg"], environment: environment)
    #expect(result.status == 1)
    #expect(result.stderr.contains("was not written by bingwall"), "\(result.stderr)")
    #expect(try sandbox.run(["autostart", "disable"], environment: environment).status == 0)
    #expect(try String(contentsOfFile: entryPath, encoding: .utf8) == own)
  }

  // MARK: The command line

  @Test func aBuildFolderPathIsWarnedAboutAndTheOverrideIsNot() throws {
    let running = try sandbox.run(
      ["autostart", "enable", "--method", "xdg"], environment: try stubbed(executable: nil))
    #expect(running.status == 0)
    #expect(running.stderr.contains("is in a build folder") == Sandbox.binary.contains("/.build/"))
    let entry = try String(contentsOfFile: entryPath, encoding: .utf8)
    #expect(entry.contains("\nTryExec=\(URL(fileURLWithPath: Sandbox.binary).standardized.path)\n"))
    let overridden = try sandbox.run(
      ["autostart", "enable", "--method", "xdg"], environment: try stubbed(executable: "/usr/bin/bingwall"))
    #expect(overridden.stderr.isEmpty, "\(overridden.stderr)")
    #expect(overridden.stdout.contains("Autostart updated (xdg)"))
  }

  @Test func aConfigOptionIsNotCarriedIntoTheEntryAndSaysSo() throws {
    let result = try sandbox.run(
      ["autostart", "enable", "--method", "xdg", "--config", "/etc/other.toml"], environment: try stubbed())
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains("bingwall: warning: --config /etc/other.toml applies to this command only"))
    #expect(!(try String(contentsOfFile: entryPath, encoding: .utf8)).contains("other.toml"))
  }

  @Test func usageErrorsExit64() throws {
    let environment = try stubbed()
    let unknown = try sandbox.run(["autostart", "enable", "--method", "launchd"], environment: environment)
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("--method"))
    #expect(try sandbox.run(["autostart", "start"], environment: environment).status == 64)
    let relative = try sandbox.run(
      ["autostart", "enable", "--method", "xdg"], environment: try stubbed(executable: "bin/bingwall"))
    #expect(relative.status == 1)
    #expect(
      relative.stderr
        == "bingwall: error: BINGWALL_AUTOSTART_EXEC must be an absolute path, got 'bin/bingwall'\n")
  }
}
