/// A signal the bus delivered: who it speaks for, and its first argument when that is a boolean
/// (logind's PrepareForSleep says "going to sleep" or "back" that way). Nothing else of a
/// signal's body is read: a change is a cue to read the properties again, which keeps one way of
/// reading them.
package struct BusSignal: Sendable, Equatable {
  package var path: String
  package var interface: String
  package var member: String
  package var boolean: Bool?

  package init(path: String, interface: String, member: String, boolean: Bool? = nil) {
    self.path = path
    self.interface = interface
    self.member = member
    self.boolean = boolean
  }
}
