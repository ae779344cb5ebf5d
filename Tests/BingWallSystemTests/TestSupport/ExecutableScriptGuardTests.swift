import Foundation
import Testing

/// The rule, read in the test sources: no test writes a path with Foundation (`write(toFile:)`,
/// `write(to: URL(fileURLWithPath:))`, `createFile(atPath:)`) and gives that same path an
/// execute bit, or a mode the line does not spell out, with `chmod`, `setAttributes` or
/// `createFile`'s attributes; a file to run goes through `ExecutableScript.write`.
///
/// Paths are compared as written in the source, so a script written under one expression and
/// made executable under another slips through; every script of the suites had the one shape.
@Suite struct ExecutableScriptGuardTests {
  /// The `Tests` folder this file is in, whichever test target holds it.
  static let testsFolder: String = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.lastPathComponent != "Tests" && folder.path != "/" { folder.deleteLastPathComponent() }
    return folder.path
  }()

  @Test func noTestSourceMakesAFileItWroteExecutable() throws {
    let ownPath = URL(fileURLWithPath: #filePath).standardizedFileURL.path
    let sources = try #require(FileManager.default.subpaths(atPath: Self.testsFolder))
      .filter { $0.hasSuffix(".swift") }.map { Self.testsFolder + "/" + $0 }
      .filter { URL(fileURLWithPath: $0).standardizedFileURL.path != ownPath }  // its examples below
    #expect(sources.count > 100, "the control: the test sources were found in \(Self.testsFolder)")
    var offences: [String] = []
    for source in sources {
      let text = try String(contentsOfFile: source, encoding: .utf8)
      offences += try ExecutableWrites.offences(in: text).map { "\(source): \($0)" }
    }
    #expect(
      offences.isEmpty, "write these through ExecutableScript.write:\n\(offences.joined(separator: "\n"))")
  }

  /// The shapes the suites used before `ExecutableScript`, each caught.
  @Test(arguments: [
    "try \"#!/bin/sh\\nexit 0\\n\".write(toFile: path, atomically: false, encoding: .utf8)\nchmod(path, 0o755)",
    "try script.write(\n  toFile: bin + \"/\" + name, atomically: true, encoding: .utf8)\nchmod(bin + \"/\" + name, 0o700)",
    "try Data(script.utf8).write(to: URL(fileURLWithPath: path))\nchmod(path, 0o755)",
    "try script.write(toFile: path, atomically: true, encoding: .utf8)\n"
      + "try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)",
    "try text.write(toFile: full, atomically: true, encoding: .utf8)\nchmod(full, mode_t(mode))",
    "let written = FileManager.default.createFile(\n  atPath: target, contents: Data(contents.utf8), "
      + "attributes: [.posixPermissions: mode])",
    "_ = FileManager.default.createFile(atPath: binary, contents: Data(\"#!/bin/sh\\n\".utf8))\nchmod(binary, 0o755)",
  ])
  func aFileWrittenThenMadeExecutableIsCaught(source: String) throws {
    #expect(try ExecutableWrites.offences(in: source).count == 1)
  }

  /// Folders and sockets made executable, files given a mode without an execute bit, and the
  /// helper itself pass.
  @Test(arguments: [
    "chmod(folder.path, 0o755)\ntry text.write(toFile: folder.file(\"a\"), atomically: true, encoding: .utf8)",
    "try text.write(toFile: config, atomically: false, encoding: .utf8)\nchmod(config, 0o644)",
    "try ExecutableScript.write(script, to: path)\nchmod(socket, 0o777)",
    "FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o640])",
  ])
  func whatRunsNothingPasses(source: String) throws {
    #expect(try ExecutableWrites.offences(in: source) == [])
  }
}

/// Finds, in one Swift source, the paths written with Foundation and then made executable.
private enum ExecutableWrites {
  static func offences(in source: String) throws -> [String] {
    guard source.contains("chmod(") || source.contains("posixPermissions") else { return [] }
    let text = oneLine(source)
    let writes = [
      #"toFile: (.+?), atomically"#, #"write\(to: URL\(fileURLWithPath: (.+?)\)\)"#,
      #"createFile\(atPath: (.+?), contents"#,
    ]
    var written: Set<String> = []
    for pattern in writes {
      for match in text.matches(of: try Regex(pattern)) { written.insert(try capture(1, of: match)) }
    }
    var offences: [String] = []
    for match in text.matches(of: try Regex(#"\bchmod\((.+?), (\w+\([^()]*\)|[^()]+?)\)"#)) {
      let (path, mode) = (try capture(1, of: match), try capture(2, of: match))
      if written.contains(path) && mayExecute(mode) { offences.append("chmod(\(path), \(mode))") }
    }
    for match in text.matches(of: try Regex(#"posixPermissions: ([^\]]+?)\], ofItemAtPath: (.+?)\)"#)) {
      let (mode, path) = (try capture(1, of: match), try capture(2, of: match))
      if written.contains(path) && mayExecute(mode) { offences.append("setAttributes(\(mode)) of \(path)") }
    }
    let created =
      #"createFile\(atPath: (.+?), contents: .{0,120}?attributes: \[\.posixPermissions: ([^\]]+?)\]"#
    for match in text.matches(of: try Regex(created)) {
      let (path, mode) = (try capture(1, of: match), try capture(2, of: match))
      if mayExecute(mode) { offences.append("createFile(atPath: \(path)) with \(mode)") }
    }
    return offences
  }

  /// `source` as one line, each run of blanks one space and none after an opening parenthesis:
  /// a call split over lines reads as one.
  static func oneLine(_ source: String) -> String {
    var scalars = String.UnicodeScalarView()
    var blank = false
    for scalar in source.unicodeScalars {
      if scalar.properties.isWhitespace {
        blank = true
        continue
      }
      if blank && scalars.last != "(" { scalars.append(" ") }
      blank = false
      scalars.append(scalar)
    }
    return String(scalars)
  }

  /// Whether `mode` has an execute bit, or is not an octal literal and so may have one.
  static func mayExecute(_ mode: String) -> Bool {
    guard mode.hasPrefix("0o"), let bits = Int(mode.dropFirst(2), radix: 8) else { return true }
    return bits & 0o111 != 0
  }

  static func capture(_ index: Int, of match: Regex<AnyRegexOutput>.Match) throws -> String {
    let text = try #require(
      match.output[index].substring, "group \(index) of \(match.output[0].substring ?? "")")
    return text.trimmingCharacters(in: .whitespaces)
  }
}
