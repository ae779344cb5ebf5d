import BingWallCLI
import BingWallKit
import BingWallModel
import BingWallSources
import BingWallStore
import BingWallSystem

/// `bingwall sources`: every source of pictures of the day, whether it is on, what it offers,
/// what the history holds of it and its terms.
enum SourcesCommand: CommandDefinition {
  static let options: [any OptionHandle] = [CommonOptions.json]

  static let spec = CommandSpec(
    name: "sources", abstract: "List the sources of pictures of the day, and which are on.",
    discussion: """
      Bing is on unless config 'sources' says otherwise. Turn others on with \
      'bingwall config set sources bing,apod,wikimedia'; 'bingwall update --source NAME' fetches \
      from one now.
      """,
    options: options.map(\.spec),
    examples: [
      CommandExample("sources", "What each source offers, and which are on"),
      CommandExample("sources --json", "The same, for a script"),
    ])

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    let resources = try Resources(invocation, context, options: options)
    let enabled = resources.configuration[ConfigSchema.sources]
    let history = try resources.existingHistory()
    let holdings = try history?.holdings() ?? [:]
    let fetches = try history?.fetches() ?? [:]
    if invocation[CommonOptions.json] {
      let rows = context.sources.plugins.map { plugin -> JSONOutput in
        let entry = plugin.profile
        let held = holdings[plugin.id]
        return .object([
          ("name", .string(plugin.id.rawValue)), ("title", .string(plugin.displayName)),
          ("enabled", .bool(enabled.contains(plugin.id))), ("offers", .string(entry.offers)),
          ("asks", .optional(entry.asks)), ("terms", .string(entry.terms)),
          ("pictures", .integer(Int64(held?.pictures ?? 0))),
          ("newest_arrival", .optional(held?.newestArrival.map(Timestamp.iso8601))),
          ("last_fetch", .optional(fetches[plugin.id].map { Timestamp.iso8601($0.fetchedAt) })),
        ])
      }
      context.stdout.write(JSONOutput.array(rows).rendered() + "\n")
      return ExitCode.success
    }
    var blocks: [String] = []
    for plugin in context.sources.plugins {
      let entry = plugin.profile
      let on = enabled.contains(plugin.id)
      var lines = ["\(plugin.id.rawValue) — \(plugin.displayName) (\(on ? "on" : "off"))"]
      // Wrapped to the terminal under the name, as help's prose is.
      func fact(_ label: String, _ text: String) {
        lines.append(
          "  " + Help.wrap("\(label): \(text)", width: max(40, context.terminal.width - 3), indent: 4))
      }
      fact("offers", entry.offers)
      if let asks = entry.asks { fact("asks", asks) }
      fact("terms", entry.terms)
      let when = WhenText(now: context.clock.now(), zone: LocalTime(environment: context.environment))
      if let fetch = fetches[plugin.id] { fact("last fetch", when.text(fetch.fetchedAt)) }
      if let held = holdings[plugin.id], held.pictures > 0 {
        let newest = held.newestArrival.map { ", the newest arrived \(when.text($0))" } ?? ""
        fact("stored", "\(held.pictures) picture\(held.pictures == 1 ? "" : "s")\(newest)")
      }
      blocks.append(lines.joined(separator: "\n"))
    }
    let off = context.sources.sources.filter { !enabled.contains($0) }
    var text = blocks.joined(separator: "\n\n") + "\n"
    if let example = off.first {
      let wanted = (enabled + [example]).map(\.rawValue).joined(separator: ",")
      text += "\nTo turn one on: bingwall config set sources \(wanted)\n"
    }
    context.stdout.write(text)
    return ExitCode.success
  }
}
