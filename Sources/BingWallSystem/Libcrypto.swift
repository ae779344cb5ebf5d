import CLibcrypto
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

  /// The EVP functions a SHA-256 needs, resolved once by `bw_crypto_load` (the `RESOLVE` table
  /// every dlopen'd library here has); nil when libcrypto cannot be opened or lacks a function,
  /// and `SHA256` then hashes in Swift. `nonisolated(unsafe)` because a pointer is not
  /// `Sendable`: the table is written once, before `swift_once` publishes it, and only read after.
  nonisolated(unsafe) static let functions: UnsafePointer<bw_crypto_api>? = {
    // Never freed: the table serves every hash until the process exits.
    let table = UnsafeMutablePointer<bw_crypto_api>.allocate(capacity: 1)
    guard bw_crypto_load(soname, table) == nil else {
      table.deallocate()
      return nil
    }
    return UnsafePointer(table)
  }()
}

/// One libcrypto SHA-256 context (`EVP_MD_CTX`), freed with its owner.
///
/// `@unchecked Sendable`: `SHA256` copies it before mutating one that is shared, so no two
/// owners ever change the same context.
final class LibcryptoSHA256: @unchecked Sendable {
  private let functions: UnsafePointer<bw_crypto_api>
  private let context: OpaquePointer

  /// A fresh context; nil when libcrypto is missing.
  convenience init?() {
    guard let functions = Libcrypto.functions, let context = functions.pointee.md_ctx_new() else {
      return nil
    }
    self.init(functions: functions, context: context)
    start()
  }

  private init(functions: UnsafePointer<bw_crypto_api>, context: OpaquePointer) {
    self.functions = functions
    self.context = context
  }

  deinit {
    functions.pointee.md_ctx_free(context)
  }

  /// An independent context with the same bytes hashed so far.
  func copy() -> LibcryptoSHA256 {
    guard let copy = functions.pointee.md_ctx_new(), functions.pointee.md_ctx_copy_ex(copy, context) == 1
    else {
      preconditionFailure("libcrypto could not copy a SHA-256 context (out of memory)")
    }
    return LibcryptoSHA256(functions: functions, context: copy)
  }

  func update(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count > 0 else { return }
    guard functions.pointee.digest_update(context, bytes.baseAddress, bytes.count) == 1 else {
      preconditionFailure("libcrypto's EVP_DigestUpdate failed for SHA-256")
    }
  }

  /// The digest of everything hashed since the start; the context then starts over.
  func finalize() -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    let done = digest.withUnsafeMutableBufferPointer {
      functions.pointee.digest_final_ex(context, $0.baseAddress, &length)
    }
    guard done == 1, length == 32 else {
      preconditionFailure("libcrypto's EVP_DigestFinal_ex failed for SHA-256")
    }
    start()
    return digest
  }

  private func start() {
    guard functions.pointee.digest_init_ex(context, functions.pointee.sha256(), nil) == 1 else {
      preconditionFailure("libcrypto's EVP_DigestInit_ex failed for SHA-256")
    }
  }
}
