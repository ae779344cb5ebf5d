import Glibc

/// OpenSSL's libcrypto, opened at the first hash, for its SHA-256.
///
/// Opened with dlopen rather than linked, for the reason libcurl is (see BingWallNet's
/// `CurlLibrary`): a command that hashes nothing maps nothing. In an update libcurl has already
/// loaded it, so opening it again costs a lookup. Only the EVP digest calls are used, which
/// pick the CPU's SHA extensions or AVX2 code where present: hashing a 19 MB window takes
/// about 17 ms of CPU instead of 80–100 ms in Swift.
/// https://www.openssl.org/docs/man3.0/man3/EVP_DigestInit_ex.html
enum Libcrypto {
  /// The shared object of Debian's `libssl3` package, which libcurl4 depends on.
  static let soname = "libcrypto.so.3"

  /// The EVP functions a SHA-256 needs, resolved once.
  struct Functions: @unchecked Sendable {
    let newContext: @convention(c) () -> OpaquePointer?
    let freeContext: @convention(c) (OpaquePointer?) -> Void
    let copyContext: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    let sha256: @convention(c) () -> OpaquePointer?
    let initDigest: @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32
    let update: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int) -> Int32
    let final:
      @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?) -> Int32
  }

  /// nil when libcrypto cannot be opened or lacks a function; `SHA256` then hashes in Swift.
  static let functions: Functions? = {
    guard let library = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else { return nil }
    func resolve<Function>(_ name: String, as type: Function.Type) -> Function? {
      dlsym(library, name).map { unsafeBitCast($0, to: type) }
    }
    guard let newContext = resolve("EVP_MD_CTX_new", as: (@convention(c) () -> OpaquePointer?).self),
      let freeContext = resolve("EVP_MD_CTX_free", as: (@convention(c) (OpaquePointer?) -> Void).self),
      let copyContext = resolve(
        "EVP_MD_CTX_copy_ex", as: (@convention(c) (OpaquePointer?, OpaquePointer?) -> Int32).self),
      let sha256 = resolve("EVP_sha256", as: (@convention(c) () -> OpaquePointer?).self),
      let initDigest = resolve(
        "EVP_DigestInit_ex",
        as: (@convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32).self),
      let update = resolve(
        "EVP_DigestUpdate", as: (@convention(c) (OpaquePointer?, UnsafeRawPointer?, Int) -> Int32).self),
      let final = resolve(
        "EVP_DigestFinal_ex",
        as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?) ->
          Int32)
          .self)
    else { return nil }
    return Functions(
      newContext: newContext, freeContext: freeContext, copyContext: copyContext, sha256: sha256,
      initDigest: initDigest, update: update, final: final)
  }()
}

/// One libcrypto SHA-256 context (`EVP_MD_CTX`), freed with its owner.
///
/// `@unchecked Sendable`: `SHA256` copies it before mutating one that is shared, so no two
/// owners ever change the same context.
final class LibcryptoSHA256: @unchecked Sendable {
  private let functions: Libcrypto.Functions
  private let context: OpaquePointer

  /// A fresh context; nil when libcrypto is missing.
  convenience init?() {
    guard let functions = Libcrypto.functions, let context = functions.newContext() else { return nil }
    self.init(functions: functions, context: context)
    start()
  }

  private init(functions: Libcrypto.Functions, context: OpaquePointer) {
    self.functions = functions
    self.context = context
  }

  deinit {
    functions.freeContext(context)
  }

  /// An independent context with the same bytes hashed so far.
  func copy() -> LibcryptoSHA256 {
    guard let copy = functions.newContext(), functions.copyContext(copy, context) == 1 else {
      preconditionFailure("libcrypto could not copy a SHA-256 context (out of memory)")
    }
    return LibcryptoSHA256(functions: functions, context: copy)
  }

  func update(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count > 0 else { return }
    guard functions.update(context, bytes.baseAddress, bytes.count) == 1 else {
      preconditionFailure("libcrypto's EVP_DigestUpdate failed for SHA-256")
    }
  }

  /// The digest of everything hashed since the start; the context then starts over.
  func finalize() -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    let done = digest.withUnsafeMutableBufferPointer { functions.final(context, $0.baseAddress, &length) }
    guard done == 1, length == 32 else {
      preconditionFailure("libcrypto's EVP_DigestFinal_ex failed for SHA-256")
    }
    start()
    return digest
  }

  private func start() {
    guard functions.initDigest(context, functions.sha256(), nil) == 1 else {
      preconditionFailure("libcrypto's EVP_DigestInit_ex failed for SHA-256")
    }
  }
}
