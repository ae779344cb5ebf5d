@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallSystem

// libFuzzer entry for the INI writers (`make fuzz`): the greeter's marked line (`MarkedSetting`)
// and wf-shell's `[background] image` (`WayfireBackend.setting`). The input is a file's text, a
// NUL, then a value. What is written must be what a reader of the file then takes, every other
// line must stay, no section or line may come from the value, and `unset` must give the file back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzINIWriter(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  let parts = UnsafeBufferPointer(start: data, count: count).split(
    separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
  let text = String(decoding: parts[0], as: UTF8.self)
  let value =
    parts.count > 1 ? "/" + String(decoding: parts[1], as: UTF8.self) : "/var/lib/bingwall/greeter.jpg"
  let before = INILines(text)

  // The greeter: bingwall's own picture path, into a file that has no marker of ours yet.
  if !before.lines.contains(where: { $0.hasPrefix(MarkedSetting.marker) }) {
    let greeter = "/var/lib/bingwall/greeter.jpg"
    for original in [text, nil] {
      let edited = MarkedSetting.set("background", to: greeter, inSection: "greeter", of: original)
      let after = INILines(edited)
      precondition(MarkedSetting.value("background", in: edited) == greeter, "our line is not read back")
      precondition(after.value("background", inSection: "greeter") == greeter, "a reader takes another line")
      precondition(after.lines.count <= INILines(original ?? "").lines.count + 3, "more lines than ours")
      let restored = MarkedSetting.unset(edited)
      precondition(
        restored == (original == nil ? .noFile : .text(INILines(original ?? "").text)),
        "unset gives back another file")
    }
  }

  // wf-shell: any value its backend lets through (no line break, `#`, backslash or blank at the end).
  let allowed =
    !value.contains(where: { $0.isNewline || $0 == "#" || $0 == "\\" }) && value.last?.isWhitespace != true
  if allowed {
    let edited = WayfireBackend.setting("image", to: value, inSection: "background", of: text)
    let after = INILines(edited)
    precondition(after.value("image", inSection: "background") == value, "the image is not read back")
    // Every other line as it was: one line replaced in place, or ours inserted, or a section
    // (after a blank line) added at the end.
    let old = before.lines
    let new = after.lines
    let first =
      zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
    switch new.count - old.count {
    case 0:
      precondition(
        first == old.count || new[(first + 1)...] == old[(first + 1)...], "a line of the file went")
    case 1: precondition(new[(first + 1)...] == old[first...], "a line of the file went")
    case 2, 3: precondition(first == old.count, "a line of the file went")
    default: preconditionFailure("more lines than ours")
    }
  }
  return 0
}
