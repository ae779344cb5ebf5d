/// A typed positional argument: its spec, and how to read it back out of an `Invocation`.
package struct Argument<Value: CommandLineValue>: Sendable {
  package var spec: ArgumentSpec

  package init(_ spec: ArgumentSpec) {
    self.spec = spec
    self.spec.reader = .reading(Value.self)
  }

  package init(_ name: String, kind: ValueKind = .text, help: String, optional: Bool = false) {
    self.init(ArgumentSpec(name, kind: kind, help: help, optional: optional))
  }
}

extension Invocation {
  /// The argument's value; nil when an optional argument was left out.
  package subscript<Value>(argument: Argument<Value>) -> Value? {
    values(arguments[argument.spec.name], as: Value.self).first
  }

  /// Every value of a variadic argument, in the order given; empty when an optional one was left out.
  package func values<Value>(of argument: Argument<Value>) -> [Value] {
    values(arguments[argument.spec.name], as: Value.self)
  }
}
