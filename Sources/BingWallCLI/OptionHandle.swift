/// A typed option: the spec the parser, help and completions read, and how to read its value
/// back out of an `Invocation`.
package protocol OptionHandle: Sendable {
  associatedtype Value: Sendable
  var spec: OptionSpec { get }
  /// The value the command line gave; nil when the option is absent.
  func given(in invocation: Invocation) -> Value?
}

extension OptionHandle {
  /// The values given for this option, in order; empty when it is absent.
  func values<Given>(in invocation: Invocation, as type: Given.Type) -> [Given] {
    invocation.values(invocation.options[spec.long], as: type)
  }
}
