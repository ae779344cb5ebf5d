import BingWallBing

extension Configuration {
  // The reads Update/ makes, in the strings it passes on. Update/ is being rewritten alongside
  // the typed keys; once it reads `configuration[ConfigSchema.…]` these go. New code reads the
  // typed keys.

  package var markets: [String] { self[ConfigSchema.markets].map(\.code) }
  package var resolution: String { self[ConfigSchema.resolution].name }
  var applyOnUpdate: Bool { self[ConfigSchema.applyOnUpdate] }
  var notify: Bool { self[ConfigSchema.notify] }
  var timeout: Int { self[ConfigSchema.timeout] }
}
