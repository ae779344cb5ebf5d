import BingWallSystem
import FoundationEssentials
import Glibc

/// `--method cron`: an hourly `bingwall update` line in the user's crontab, for systems with no
/// systemd user instance and no desktop autostart (a server that only collects pictures).
///
/// The crontab is read with `crontab -l` and written back whole with `crontab -`; every line that is
/// not ours goes back byte for byte, whatever its encoding. Ours is the one that ends with the marker
/// comment, which sh ignores when cron runs the line.
package struct AutostartCron: AutostartMethod {
  package static let method = "cron"
  /// Ends our line; a shell comment, so it costs nothing when the line runs.
  static let marker = "# bingwall autostart"
  static let missingHint = "install cron (apt install cron) or choose another --method"

  package var name: String { Self.method }
  package var effect: String { "bingwall update runs every hour from cron" }
  let environment: AutostartEnvironment
  /// The minute past each hour; see `defaultMinute`.
  package let minute: Int

  package init(_ environment: AutostartEnvironment, minute: Int = AutostartCron.defaultMinute()) {
    self.environment = environment
    self.minute = minute
  }

  /// A minute that differs between machines but never between runs, so `enable` stays idempotent
  /// while thousands of crontabs do not all ask Bing at :00. FNV-1a of the host name and uid.
  static func defaultMinute() -> Int {
    var name = [UInt8](repeating: 0, count: 256)
    _ = name.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { gethostname($0.baseAddress!, $0.count - 1) }
    }
    let host = String(decoding: name.prefix { $0 != 0 }, as: UTF8.self)
    let seed = host + ":\(getuid())"
    var hash: UInt32 = 2_166_136_261
    for byte in seed.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return Int(hash % 60)
  }

  /// Characters a path may hold and still be one shell word without quotes.
  static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+,:@=")

  /// The path as one `/bin/sh` word that survives cron's own rewriting first.
  ///
  /// cron turns an unescaped `%` into a newline before the shell sees the line, so `%` becomes `\%`
  /// (cron drops the backslash). Anything outside the plain set goes in single quotes, where sh
  /// treats every character literally and a `'` is written `'\''`. A backslash is refused: before a
  /// `%` it would change what cron does with it, and no installed path needs one. A control
  /// character (a newline) would end the line.
  static func shellWord(_ path: String) throws(AutostartError) -> String {
    for character in path {
      let scalar = character.unicodeScalars.first!.value
      if scalar < 0x20 || scalar == 0x7f || character == "\\" {
        throw .unsafePath(
          method: method, path: path, character: character,
          reason: "which cannot be written safely in a crontab line")
      }
    }
    var word = path
    if !path.allSatisfy(plain.contains) {
      word = "'" + path.replacingEvery("'", with: "'\\''") + "'"
    }
    return word.replacingEvery("%", with: "\\%")
  }

  /// Our crontab line, without its newline. `--quiet`: cron mails whatever a job prints. No
  /// display goes in: each run finds the session running then (`SessionFinder`), so the line
  /// stays right when the user logs in again on another display.
  static func line(executable: String, minute: Int) throws(AutostartError) -> String {
    "\(minute) * * * * " + [try shellWord(executable), "update", "--quiet", marker].joined(separator: " ")
  }

  /// Whether a crontab line is ours: an active line ending with the marker. A commented-out copy
  /// is the user's and stays.
  static func isOurs(_ line: ArraySlice<UInt8>) -> Bool {
    let text = String(decoding: line, as: UTF8.self).trimmed()
    guard !text.hasPrefix("#"), text.hasSuffix(marker) else { return false }
    return text.dropLast(marker.count).last?.isWhitespace == true
  }

  /// The lines of a crontab, each with its newline when it has one, so joining them gives the bytes back.
  static func lines(_ crontab: [UInt8]) -> [ArraySlice<UInt8>] {
    var result: [ArraySlice<UInt8>] = []
    var start = 0
    for (index, byte) in crontab.enumerated() where byte == UInt8(ascii: "\n") {
      result.append(crontab[start...index])
      start = index + 1
    }
    if start < crontab.count { result.append(crontab[start...]) }
    return result
  }

  /// The crontab with our line in it, or nil when it already holds exactly that line once.
  ///
  /// An old line of ours (another path, another minute) is replaced where it stands; otherwise the
  /// line is appended. A last line without a newline gets one: crontab(1) refuses to install a file
  /// that ends without one, and cron would not run that line anyway.
  static func adding(_ line: String, to crontab: [UInt8]) -> [UInt8]? {
    let all = lines(crontab)
    let wanted = Array((line + "\n").utf8)
    let ours = all.indices.filter { isOurs(all[$0]) }
    if ours.count == 1, Array(all[ours[0]]) == wanted { return nil }
    var result: [UInt8] = []
    for (index, existing) in all.enumerated() {
      if index == ours.first {
        result += wanted
      } else if !ours.contains(index) {
        result += existing
      }
    }
    if ours.isEmpty {
      if let last = result.last, last != UInt8(ascii: "\n") { result.append(UInt8(ascii: "\n")) }
      result += wanted
    }
    return result
  }

  /// The crontab without our lines, or nil when it has none.
  static func removing(from crontab: [UInt8]) -> [UInt8]? {
    let all = lines(crontab)
    let kept = all.filter { !isOurs($0) }
    if kept.count == all.count { return nil }
    return kept.flatMap { $0 }
  }

  /// The current crontab; empty when the user has none ("no crontab for …", status 1).
  func read() throws(AutostartError) -> [UInt8] {
    let result: ProcessResult
    do {
      result = try environment.run(["crontab", "-l"])
    } catch {
      throw .toolMissing(tool: "crontab", hint: Self.missingHint)
    }
    if result.status == 0, !result.timedOut { return Array(result.stdout) }
    if result.status == 1, result.stderrText.lowercased().contains("no crontab") { return [] }
    // Anything else must stop us: writing back what we failed to read would wipe the user's jobs.
    throw .toolFailed(command: "crontab -l", status: result.status, stderr: result.stderrText)
  }

  /// Installs `crontab` as the user's whole crontab; an empty one is removed instead, which is what
  /// the user had before `enable` when `crontab -l` said there was none.
  func install(_ crontab: [UInt8]) throws(AutostartError) -> String {
    let arguments = crontab.isEmpty ? ["crontab", "-r"] : ["crontab", "-"]
    let result: ProcessResult
    do {
      result = try environment.run(arguments, input: crontab.isEmpty ? .none : .bytes(Data(crontab)))
    } catch {
      throw .toolMissing(tool: "crontab", hint: Self.missingHint)
    }
    let command = arguments.joined(separator: " ")
    if result.status != 0 || result.timedOut {
      throw .toolFailed(command: command, status: result.status, stderr: result.stderrText)
    }
    return "ran " + command
  }

  package func status() -> AutostartStatus {
    var result = AutostartStatus(method: name, enabled: false)
    do {
      let crontab = try read()
      result.lines = Self.lines(crontab).filter(Self.isOurs).map {
        String(decoding: $0, as: UTF8.self).trimmingNewlines()
      }
      result.enabled = !result.lines.isEmpty
      if let pinned = result.lines.first.flatMap(Self.pinnedDisplay(line:)) {
        result.note = Self.pinnedNote(pinned)
        result.fix = Self.unpin
      }
    } catch .toolMissing {
      result.note = "crontab is not installed"
    } catch {
      result.note = error.description
    }
    return result
  }

  package func enable(executable: String) throws(AutostartError) -> AutostartReport {
    let line = try Self.line(executable: executable, minute: minute)
    let crontab = try read()
    guard let edited = Self.adding(line, to: crontab) else {
      return AutostartReport(method: name, outcome: .alreadyEnabled)
    }
    let replaced = Self.lines(crontab).contains(where: Self.isOurs)
    let ran = try install(edited)
    let action = (replaced ? "replaced bingwall's crontab line with: " : "added to the crontab: ") + line
    return AutostartReport(method: name, outcome: replaced ? .updated : .enabled, actions: [action, ran])
  }

  /// What is wrong with a line that pins a display ("DISPLAY=:57").
  package static func pinnedNote(_ pinned: String) -> String {
    "the line pins \(pinned), which sets nothing once that display is gone"
  }

  /// What drops the display an older bingwall wrote into its line.
  package static let unpin =
    "run 'bingwall autostart enable --method cron', and each run finds the running session"

  package func disable() throws(AutostartError) -> AutostartReport {
    let crontab: [UInt8]
    do {
      crontab = try read()
    } catch .toolMissing {
      // Without crontab there can be no line of ours.
      return AutostartReport(method: name, outcome: .alreadyDisabled)
    }
    guard let edited = Self.removing(from: crontab) else {
      return AutostartReport(method: name, outcome: .alreadyDisabled)
    }
    let ran = try install(edited)
    return AutostartReport(
      method: name, outcome: .disabled, actions: ["removed bingwall's crontab line", ran])
  }
}
