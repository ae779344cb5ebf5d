import CSystemd

/// libsystemd's sd-bus, opened the first time bingwall asks the system bus something.
///
/// Linking it would map libsystemd (and liblzma, libzstd, liblz4, libcap, libgcrypt behind it)
/// into every start of bingwall, for `list`, `show` and every TAB press, none of which asks the
/// bus anything. So, as with libcurl, the library is opened with dlopen and its functions are
/// resolved once into `api`, under `swift_once` (a static `let`).
enum BusLibrary {
  /// The shared object Debian's `libsystemd0` package installs; every systemd machine has it.
  static let soname = "libsystemd.so.0"

  /// The resolved functions, or why sd-bus cannot be used. `nonisolated(unsafe)` because a
  /// pointer is not `Sendable`: the table is written once, before `swift_once` publishes it,
  /// and only read after.
  nonisolated(unsafe) private static let loaded: Result<UnsafePointer<bw_bus_api>, BusError> = load()

  /// The function table, or a `BusError.unavailable` saying what to install.
  static func api() throws(BusError) -> UnsafePointer<bw_bus_api> {
    try loaded.get()
  }

  private static func load() -> Result<UnsafePointer<bw_bus_api>, BusError> {
    // Never freed: the table serves every connection until the process exits. Its size is the
    // header's: a build that kept this file compiled against an older shim.h would allocate too
    // little, so a change to the table goes with a change here (SwiftPM does not rebuild a
    // target when only a system module's header changed).
    let table = UnsafeMutablePointer<bw_bus_api>.allocate(capacity: 1)
    if let failure = bw_bus_load(soname, table) {
      return .failure(
        .unavailable(
          "cannot load \(soname) (\(String(cString: failure))); install Debian's libsystemd0 package"))
    }
    return .success(UnsafePointer(table))
  }
}
