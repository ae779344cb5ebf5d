import BingWallTestSupport
import Foundation

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

/// Stand-ins for the desktops' settings tools: `#!/bin/sh` scripts in a folder that is the session's
/// only PATH entry, each recording its argv, so a test sees exactly what a backend ran.
///
/// The real tools may be installed in /usr/bin, so /usr/bin is kept off the session's PATH; the
/// scripts set their own PATH for `cat` and `tr`. Every argument is logged NUL-terminated and each
/// call ends with a marker, so arguments with spaces or newlines come back intact.
package final class SettingsStubs {
  static let endMarker = "---END---"

  package let folder: TemporaryDirectory
  /// The folder the stubs live in: the session's PATH.
  package var bin: String { folder.file("bin") }
  package var log: String { folder.file("calls.log") }
  /// Where stateful stubs (`xfconf-query`) keep their values, one file per property.
  package var state: String { folder.file("state") }

  package init() throws {
    folder = try TemporaryDirectory()
    for path in [bin, state] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    _ = FileManager.default.createFile(atPath: log, contents: Data())
  }

  /// A session whose PATH holds only the stubs, with the log and state folders in its environment.
  package func session(_ extra: [String: String] = [:]) -> DesktopSession {
    let environment = ["PATH": bin, "STUB_LOG": log, "STUB_STATE": state, "HOME": folder.path]
    return DesktopSession(
      environment: environment.merging(extra) { _, new in new }, processes: PosixProcessRunner(),
      home: folder.path)
  }

  /// Installs `tool` as a script that logs its argv and then runs `body` (shell, with "$@" intact).
  package func install(_ tool: String, _ body: String = "exit 0") throws {
    let script = """
      #!/bin/sh
      PATH=/usr/bin:/bin
      printf '%s\\0' "${0##*/}" "$@" '\(Self.endMarker)' >> "$STUB_LOG"
      \(body)

      """
    let path = "\(bin)/\(tool)"
    try ExecutableScript.write(script, to: path)
  }

  /// Every call so far, in order, each as its argv with the tool's name first.
  package func calls() throws -> [[String]] {
    let data = try Data(contentsOf: URL(fileURLWithPath: log))
    var calls: [[String]] = []
    var current: [String] = []
    for field in data.split(separator: 0, omittingEmptySubsequences: false).dropLast() {
      let text = String(decoding: field, as: UTF8.self)
      if text == Self.endMarker {
        calls.append(current)
        current = []
      } else {
        current.append(text)
      }
    }
    return calls
  }

  /// Forgets the calls so far.
  package func clearCalls() {
    _ = FileManager.default.createFile(atPath: log, contents: Data())
  }

  // MARK: xfconf-query

  /// A stateful `xfconf-query`: `-l` lists the stored properties under `-p`, `-s` stores a value
  /// (a new property only with `-n`), a bare `-p` prints one; errors word like the real tool's.
  package static let xfconfQuery = #"""
    channel= prop= list= new= value= set=
    while [ $# -gt 0 ]; do
      case "$1" in
        -c) channel=$2; shift 2 ;;
        -p) prop=$2; shift 2 ;;
        -l) list=1; shift ;;
        -n) new=1; shift ;;
        -t) shift 2 ;;
        -s) value=$2; set=1; shift 2 ;;
        *) echo "unexpected $1" >&2; exit 2 ;;
      esac
    done
    dir="$STUB_STATE/$channel"
    mkdir -p "$dir"
    key=$(printf '%s' "$prop" | tr / '|')
    missing() {
      echo "Property \"$prop\" does not exist on channel \"$channel\"." >&2
      exit 1
    }
    if [ -n "$list" ]; then
      found=
      for file in "$dir"/*; do
        [ -e "$file" ] || continue
        name=$(basename "$file" | tr '|' /)
        case "$name" in "$prop"/*) echo "$name"; found=1 ;; esac
      done
      [ -n "$found" ] || missing
      exit 0
    fi
    if [ -n "$set" ]; then
      [ -e "$dir/$key" ] || [ -n "$new" ] || missing
      printf '%s' "$value" > "$dir/$key"
      exit 0
    fi
    [ -e "$dir/$key" ] || missing
    cat "$dir/$key"
    echo
    """#

  /// Stores `value` under `property` of `channel` for the `xfconf-query` stub.
  package func seedXfconf(_ property: String, _ value: String, channel: String = "xfce4-desktop") throws {
    let dir = "\(state)/\(channel)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let key = property.replacingOccurrences(of: "/", with: "|")
    try value.write(toFile: "\(dir)/\(key)", atomically: true, encoding: .utf8)
  }

  /// What the `xfconf-query` stub holds under `property`, nil when nothing.
  package func xfconf(_ property: String, channel: String = "xfce4-desktop") -> String? {
    let key = property.replacingOccurrences(of: "/", with: "|")
    return try? String(contentsOfFile: "\(state)/\(channel)/\(key)", encoding: .utf8)
  }
}

/// A real `gsettings` with the keyfile settings store in a fresh config folder, as the GNOME-family
/// backends see a desktop; no session bus involved.
package final class KeyfileSettings {
  package let folder: TemporaryDirectory
  package let session: DesktopSession

  /// `schemaDirectory` adds compiled schemas of our own ahead of the installed ones.
  package init(schemaDirectory: String? = nil) throws {
    folder = try TemporaryDirectory()
    var environment = [
      "PATH": "/usr/bin:/bin", "GSETTINGS_BACKEND": "keyfile", "HOME": folder.path,
      "XDG_CONFIG_HOME": folder.file("config"),
    ]
    if let schemaDirectory { environment["GSETTINGS_SCHEMA_DIR"] = schemaDirectory }
    session = DesktopSession(environment: environment, processes: PosixProcessRunner(), home: folder.path)
  }

  /// The session with `XDG_CURRENT_DESKTOP` saying `desktop`.
  package func session(desktop: String) -> DesktopSession {
    DesktopSession(
      environment: session.environment.merging(["XDG_CURRENT_DESKTOP": desktop]) { _, new in new },
      processes: PosixProcessRunner(), home: folder.path)
  }

  /// Exactly what `gsettings get` prints in a UTF-8 locale, final newline cut: the oracle the tests
  /// compare with. (The session itself has no locale, as under cron.)
  package func raw(_ schema: String, _ key: String) throws -> String {
    let oracle = DesktopSession(
      environment: session.environment.merging(["LC_ALL": "C.UTF-8"]) { _, new in new },
      processes: PosixProcessRunner(), home: folder.path)
    var text = try oracle.run(["gsettings", "get", schema, key], backend: "test").stdoutText
    if text.hasSuffix("\n") { text.removeLast() }
    return text
  }

  /// Stores a value given as GVariant text, as a user would with `gsettings set`.
  package func setRaw(_ schema: String, _ key: String, _ value: String) throws {
    try session.run(["gsettings", "set", schema, key, value], backend: "test")
  }

  /// The keyfile gsettings wrote: proof that the value outlived the process that set it.
  package var keyfile: String {
    (try? String(contentsOfFile: folder.file("config/glib-2.0/settings/keyfile"), encoding: .utf8)) ?? ""
  }
}
