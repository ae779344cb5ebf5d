import CLinux
import Glibc

/// A user of this machine as the password database has it, and the one way a process running as
/// root becomes that user for good.
package struct UserAccount: Sendable, Equatable {
  package var name: String
  package var uid: uid_t
  package var gid: gid_t
  package var home: String

  /// The user called `name`, nil when there is none.
  package static func named(_ name: String) -> UserAccount? {
    guard !name.isEmpty, !name.utf8.contains(0), let entry = getpwnam(name) else { return nil }
    return UserAccount(entry.pointee)
  }

  /// The user this process runs as (its effective uid), nil when the database has no entry.
  package static func current() -> UserAccount? {
    guard let entry = getpwuid(geteuid()) else { return nil }
    return UserAccount(entry.pointee)
  }

  private init(_ entry: passwd) {
    name = String(cString: entry.pw_name)
    uid = entry.pw_uid
    gid = entry.pw_gid
    home = entry.pw_dir.map { String(cString: $0) } ?? "/"
  }

  /// Drops this process to the user: her groups (`initgroups`), then her gid and uid, real,
  /// effective and saved alike, so nothing can take root back; then checks that it cannot.
  /// A process that already is her changes nothing. Call before opening anything of hers, with no
  /// other thread running.
  ///
  /// https://man7.org/linux/man-pages/man2/setresuid.2.html
  package func become() throws(UserSwitchError) {
    if isCurrentIdentity { return }
    guard geteuid() == 0 else { throw .notRoot(name: name) }
    guard initgroups(name, gid) == 0 else { throw .failed(step: "initgroups", name: name, errno: errno) }
    guard bw_setresgid(gid) == 0 else { throw .failed(step: "setresgid", name: name, errno: errno) }
    guard bw_setresuid(uid) == 0 else { throw .failed(step: "setresuid", name: name, errno: errno) }
    guard bw_no_new_privileges() == 0 else { throw .failed(step: "no_new_privs", name: name, errno: errno) }
    guard isCurrentIdentity else { throw .regained(name: name) }
    // Root's way back, tried: each must fail now for a user who is not root.
    if uid != 0, setuid(0) == 0 || seteuid(0) == 0 || setgid(0) == 0 || setegid(0) == 0 {
      throw .regained(name: name)
    }
  }

  /// True when the real, effective and saved uid and gid are all hers.
  private var isCurrentIdentity: Bool { bw_is_identity(uid, gid) == 1 }
}

/// Becoming another user failed; nothing of hers may be read then.
package enum UserSwitchError: Error, Equatable, Sendable {
  /// Only root can become another user.
  case notRoot(name: String)
  /// A step of the switch failed with `errno`.
  case failed(step: String, name: String, errno: Int32)
  /// After the switch, the process still is, or could become, root again.
  case regained(name: String)
}

extension UserSwitchError: CustomStringConvertible {
  package var description: String {
    switch self {
    case .notRoot(let name):
      return "cannot read \(name)'s files as \(name): only root can switch to another user"
    case .failed(let step, let name, let errno):
      return
        "cannot switch to the user \(name) (\(step): \(String(cString: strerror(errno)))); nothing was read"
    case .regained(let name):
      return "switching to the user \(name) left a way back to root; nothing was read"
    }
  }
}
