/// An option that takes no value: present or absent.
package struct Flag: OptionHandle {
  package var spec: OptionSpec

  package init(_ long: String, short: Character? = nil, help: String) {
    spec = .flag(long, short: short, help: help)
  }

  /// True when given; nil when absent, so that an absent flag overrides nothing.
  package func given(in invocation: Invocation) -> Bool? {
    values(in: invocation, as: Bool.self).isEmpty ? nil : true
  }
}

extension Invocation {
  /// Whether the flag was given.
  package subscript(flag: Flag) -> Bool { flag.given(in: self) ?? false }
}
