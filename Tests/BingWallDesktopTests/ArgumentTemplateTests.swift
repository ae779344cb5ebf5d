import BingWallServiceTestSupport
import BingWallTestSupport
import Testing

@testable import BingWallDesktop
@testable import BingWallSchedule
@testable import BingWallSystem

/// The `command` splitter: shell word rules for quotes and backslashes, and no expansion at all.
@Suite struct ArgumentTemplateTests {
  @Test(arguments: [
    ("mytool {path}", ["mytool", "{path}"]),
    ("  mytool\t--a   --b\n", ["mytool", "--a", "--b"]),
    ("tool 'two words' \"and two\"", ["tool", "two words", "and two"]),
    ("tool it\\'s a\\ b", ["tool", "it's", "a b"]),
    ("tool 'it'\\''s'", ["tool", "it's"]),
    ("tool '' \"\"", ["tool", "", ""]),
    ("tool --file='{path}'x", ["tool", "--file={path}x"]),
    ("tool \"a \\\"q\\\" \\\\ \\$ \\` \\n\"", ["tool", "a \"q\" \\ $ ` \\n"]),
    ("tool 'no \\escapes \"here\"'", ["tool", "no \\escapes \"here\""]),
    ("tool $HOME ~ * `date` $(date) ${X}", ["tool", "$HOME", "~", "*", "`date`", "$(date)", "${X}"]),
    ("tool a;b && c | d > e", ["tool", "a;b", "&&", "c", "|", "d", ">", "e"]),
    ("tool one\\\ntwo", ["tool", "onetwo"]),
    ("tool \"line\\\ncontinued\"", ["tool", "linecontinued"]),
    ("tool 'multi\nline'", ["tool", "multi\nline"]),
    ("Grüße 世界", ["Grüße", "世界"]),
    ("", []),
    ("   \t\n", []),
  ])
  func splitsLikeAShellWithoutExpanding(template: String, words: [String]) throws {
    #expect(try ArgumentTemplate.split(template) == words)
  }

  @Test(arguments: [
    ("tool 'open", ArgumentTemplate.Problem.unterminatedQuote(quote: "'")),
    ("tool \"open", .unterminatedQuote(quote: "\"")),
    ("tool \"a\\\"", .unterminatedQuote(quote: "\"")),
    ("tool a\\", .trailingBackslash),
  ])
  func badQuotingIsRefused(template: String, problem: ArgumentTemplate.Problem) {
    #expect(throws: problem) { try ArgumentTemplate.split(template) }
  }

  @Test(arguments: [
    ("", ArgumentTemplate.Problem.empty), ("  ", .empty), ("tool {file}", .unknownPlaceholder(name: "file")),
    ("tool --x={pth}", .unknownPlaceholder(name: "pth")), ("'open", .unterminatedQuote(quote: "'")),
  ])
  func unusableTemplatesAreRefused(template: String, problem: ArgumentTemplate.Problem) {
    #expect(throws: problem) { try ArgumentTemplate(template) }
  }

  @Test(arguments: [
    ("set {path}", ["set", "/p a/b.jpg"]),
    ("set --file={path} --uri={uri}", ["set", "--file=/p a/b.jpg", "--uri=file:///p%20a/b.jpg"]),
    ("set {mode}:{path}{path}", ["set", "fill:/p a/b.jpg/p a/b.jpg"]),
    ("set '{path}' \"{uri}\"", ["set", "/p a/b.jpg", "file:///p%20a/b.jpg"]),
    ("set {} '{\"a\": 1}' {X} {path", ["set", "{}", "{\"a\": 1}", "{X}", "{path"]),
    ("{path}", ["/p a/b.jpg"]),
  ])
  func placeholdersAreReplacedInsideWords(template: String, arguments: [String]) throws {
    let parsed = try ArgumentTemplate(template)
    #expect(parsed.arguments(path: "/p a/b.jpg", uri: "file:///p%20a/b.jpg", mode: "fill") == arguments)
  }

  /// One pass: a path that itself contains a placeholder is not expanded again.
  @Test func replacementsAreNotExpandedAgain() throws {
    let parsed = try ArgumentTemplate("t {path} {uri}")
    #expect(
      parsed.arguments(path: "/{uri}/{mode}", uri: "file:///{path}", mode: "fit") == [
        "t", "/{uri}/{mode}", "file:///{path}",
      ])
  }

  @Test func programIsTheFirstWord() throws {
    #expect(try ArgumentTemplate("'/opt/my tool' {path}").program == "/opt/my tool")
  }

  @Test(arguments: [
    (ArgumentTemplate.Problem.empty, "the command is empty; set command = \"mytool {path}\" in the config"),
    (.unterminatedQuote(quote: "'"), "the command has a ' quote that is never closed"),
    (.trailingBackslash, "the command ends in a backslash that escapes nothing"),
    (
      .unknownPlaceholder(name: "file"),
      "the command uses {file}, which is not a placeholder; use {path}, {uri} or {mode}"
    ),
  ])
  func problemsSayWhatToFix(problem: ArgumentTemplate.Problem, message: String) {
    #expect(problem.description == message)
  }
}
