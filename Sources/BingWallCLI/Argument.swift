/// A typed positional argument: its spec, and how to read it back out of an `Invocation`.
package struct Argument<Value: CommandLineValue>: Sendable {
  package var spec: ArgumentSpec

  package init(_ spec: ArgumentSpec) {
    self.spec = spec
  }

  package init(_ name: String, kind: ValueKind = .text, help: String, optional: Bool = false) {
    spec = ArgumentSpec(name, kind: kind, help: help, optional: optional)
  }
}

extension Invocation {
  /// The argument's value; nil when an optional argument was left out.
  package subscript<Value>(argument: Argument<Value>) -> Value? {
    arguments[argument.spec.name]?.first.map { Value.accepted($0, for: "<\(argument.spec.name)>") }
  }

  /// Every value of a variadic argument, in the order given; empty when an optional one was left out.
  package func values<Value>(of argument: Argument<Value>) -> [Value] {
    (arguments[argument.spec.name] ?? []).map { Value.accepted($0, for: "<\(argument.spec.name)>") }
  }
}
