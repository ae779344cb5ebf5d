/// An option that takes one value; given twice, the last one counts.
package struct Option<Value: CommandLineValue>: OptionHandle {
  package var spec: OptionSpec

  package init(
    _ long: String, short: Character? = nil, name: String, kind: ValueKind = .text, help: String,
    default defaultDescription: String? = nil
  ) {
    spec = .value(long, short: short, name: name, kind: kind, help: help, default: defaultDescription)
    spec.reader = .reading(Value.self)
  }

  package func given(in invocation: Invocation) -> Value? {
    values(in: invocation, as: Value.self).last
  }

  /// The same option with help worded for one command.
  package func with(help: String) -> Option {
    var copy = self
    copy.spec.help = help
    return copy
  }

  /// The same option, taken as often as given: `update --market en-US --market de-DE`.
  package func repeated(help: String) -> RepeatedOption<Value> {
    var spec = spec
    spec.repeatable = true
    spec.help = help
    return RepeatedOption(spec: spec)
  }
}

/// An option that may be given several times, collecting every value in order.
package struct RepeatedOption<Value: CommandLineValue>: OptionHandle {
  package var spec: OptionSpec

  /// Every value; nil when the option was not given at all.
  package func given(in invocation: Invocation) -> [Value]? {
    let values = values(in: invocation, as: Value.self)
    return values.isEmpty ? nil : values
  }
}

extension Invocation {
  /// The option's value; nil when it was not given.
  package subscript<Value>(option: Option<Value>) -> Value? { option.given(in: self) }
  /// Every value given for the option; empty when it was not given.
  subscript<Value>(option: RepeatedOption<Value>) -> [Value] { option.given(in: self) ?? [] }
}
