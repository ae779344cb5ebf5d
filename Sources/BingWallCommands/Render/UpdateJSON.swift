import BingWallKit
import BingWallStore
import BingWallSystem

/// `update --json`: held, fetched, skipped, applied, not_applied, market_served, errors,
/// warnings, pruned, portraits, sources_failed, passed_over.
enum UpdateJSON {
  static func render(_ events: [UpdateEvent]) -> JSONOutput {
    var fetched: [JSONOutput] = []
    var skipped: [JSONOutput] = []
    var applied: JSONOutput = .null
    var notApplied: JSONOutput = .null
    var served: [JSONOutput] = []
    var errors: [JSONOutput] = []
    var warnings: [JSONOutput] = []
    var pruned: [RetentionItem] = []
    var portraits: [JSONOutput] = []
    var held: JSONOutput = .null
    var sourcesFailed: [JSONOutput] = []
    var passedOver: [JSONOutput] = []
    for event in events {
      switch event {
      case .held(let skip):
        held = .object([("reason", .string(skip.reason.rawValue)), ("message", .string(skip.description))])
      case .substituted(let requested, let market):
        served.append(.object([("requested", .string(requested.code)), ("served", .string(market.code))]))
      case .warning(let warning): warnings.append(.string(UpdateWarningText.text(warning)))
      case .failed(let failure): errors.append(.string("\(failure.error)"))
      case .sourceFailed(let source, let error, let temporary):
        sourcesFailed.append(
          .object([
            ("source", .string(source.rawValue)), ("message", .string("\(error)")),
            ("temporary", .bool(temporary)),
          ]))
      case .passedOver(let source, let line):
        passedOver.append(.object([("source", .string(source.rawValue)), ("message", .string(line))]))
      case .skipped(let skip):
        skipped.append(
          .object([
            // An entry Bing sent unusable has neither key nor date: empty, as the contract says.
            ("key", .string(skip.key ?? "")), ("market", .string(skip.market.code)),
            ("date", .string(skip.date?.description ?? "")),
            ("reason", .string(skip.reason.description)),
          ]))
      case .fetched(let picture): fetched.append(picture.json)
      case .portrait(let key, let path):
        portraits.append(.object([("key", .string(key)), ("path", .string(path))]))
      case .applied(let outcome): applied = outcome.picture?.json ?? .null
      case .notApplied(let error): notApplied = .string(error.description)
      case .pruned(let outcome): pruned = outcome.plan.removed
      // On stderr, as without --json: the object's fields say what the update did.
      case .upToDate, .stateNotSaved, .applyFailed, .pruneFailed: break
      }
    }
    return .object([
      ("held", held), ("fetched", .array(fetched)), ("skipped", .array(skipped)), ("applied", applied),
      ("not_applied", notApplied), ("market_served", .array(served)), ("errors", .array(errors)),
      ("warnings", .array(warnings)),
      ("pruned", RetentionText.json(pruned)), ("portraits", .array(portraits)),
      ("sources_failed", .array(sourcesFailed)), ("passed_over", .array(passedOver)),
    ])
  }
}
