import CSystemd

/// A message the connection received, held for as long as this value lives: a method call to
/// answer, a signal, read one argument at a time.
///
/// Reading is bounded by the caller (`strings(limit:)` stops at its count): a peer on the session
/// bus is the user's own process, but a buggy one must not make the daemon hold a million ids.
package final class BusMessage {
  package enum Kind: Sendable, Equatable {
    case call, reply, error, signal, other
  }

  let connection: BusConnection
  let pointer: OpaquePointer
  package let kind: Kind
  package let path: String
  package let interface: String
  package let member: String

  init(connection: BusConnection, retaining message: OpaquePointer) {
    self.connection = connection
    let api = connection.api.pointee
    pointer = api.message_ref(message)!
    var type: UInt8 = 0
    _ = api.message_get_type(message, &type)
    kind =
      switch Int32(type) {
      case Int32(SD_BUS_MESSAGE_METHOD_CALL): .call
      case Int32(SD_BUS_MESSAGE_METHOD_RETURN): .reply
      case Int32(SD_BUS_MESSAGE_METHOD_ERROR): .error
      case Int32(SD_BUS_MESSAGE_SIGNAL): .signal
      default: .other
      }
    func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
    path = text(api.message_get_path(message))
    interface = text(api.message_get_interface(message))
    member = text(api.message_get_member(message))
  }

  deinit {
    _ = connection.api.pointee.message_unref(pointer)
  }

  /// Whether this is the call `member` of `interface` (any interface when the caller named none:
  /// the D-Bus specification lets a caller leave it out).
  package func isCall(_ interface: String, _ member: String) -> Bool {
    kind == .call && self.member == member && (self.interface.isEmpty || self.interface == interface)
  }

  /// The next argument as a string (`s`, `o` or `g`, as its type says), nil when it is not one.
  package func string() -> String? {
    var type: CChar = 0
    guard connection.api.pointee.message_peek_type(pointer, &type, nil) > 0,
      [UInt8(ascii: "s"), UInt8(ascii: "o"), UInt8(ascii: "g")].contains(UInt8(bitPattern: type))
    else { return nil }
    var value: UnsafePointer<CChar>?
    guard connection.api.pointee.message_read_basic(pointer, type, &value) > 0, let value else { return nil }
    return String(cString: value)
  }

  /// The next argument as an `i`.
  package func int32() -> Int32? { basic("i", Int32(0)) }
  /// The next argument as a `u`.
  package func uint32() -> UInt32? { basic("u", UInt32(0)) }

  private func basic<Value: BitwiseCopyable>(_ type: Character, _ initial: Value) -> Value? {
    var peeked: CChar = 0
    let code = CChar(type.asciiValue!)
    guard connection.api.pointee.message_peek_type(pointer, &peeked, nil) > 0, peeked == code else {
      return nil
    }
    var value = initial
    let read = withUnsafeMutableBytes(of: &value) {
      connection.api.pointee.message_read_basic(pointer, code, $0.baseAddress)
    }
    guard read > 0 else { return nil }
    return value
  }

  /// An `ai` argument read to its end or to `limit` items (the rest is skipped).
  package func int32s(limit: Int) -> [Int32]? {
    guard enter("a", "i") else { return nil }
    var result: [Int32] = []
    while result.count < limit, let next = int32() { result.append(next) }
    return leave(result)
  }

  /// An array of structs (`a(isvu)`), each read by `read` (what it leaves unread is skipped), to
  /// its end or to `limit` items.
  package func structs<Item>(_ contents: String, limit: Int, _ read: (BusMessage) -> Item?) -> [Item]? {
    guard enter("a", "(" + contents + ")") else { return nil }
    var result: [Item] = []
    while result.count < limit, enter("r", contents) {
      let item = read(self)
      while connection.api.pointee.message_skip(pointer, nil) > 0 {}
      _ = connection.api.pointee.message_exit_container(pointer)
      if let item { result.append(item) }
    }
    return leave(result)
  }

  private func enter(_ type: Character, _ contents: String) -> Bool {
    connection.api.pointee.message_enter_container(pointer, CChar(type.asciiValue!), contents) > 0
  }

  /// Leaves the array entered, skipping what was not read.
  private func leave<Value>(_ value: Value) -> Value {
    while connection.api.pointee.message_skip(pointer, nil) > 0 {}
    _ = connection.api.pointee.message_exit_container(pointer)
    return value
  }
}
