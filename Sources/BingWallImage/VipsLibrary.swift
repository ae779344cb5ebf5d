import BingWallSystem
import CVips
import Glibc
import Synchronization

/// libvips, opened the first time a picture is made for a screen, and its process-wide set-up.
///
/// Linked, libvips would load at every start of bingwall with the ~60 libraries behind it
/// (glib, GObject, Pango, cairo, fontconfig, librsvg, poppler, ImageMagick's core…), though
/// `list`, `status`, a TAB press and the idle daemon never touch a pixel. So it is opened with
/// dlopen and its functions are resolved once into a table, under `swift_once` (a static `let`),
/// by whichever thread asks first. Missing, it is one error naming the package to install, and
/// the plain picture is used as it is.
///
/// The set-up keeps a long-running process small and its input narrow: no operation cache
/// (every variant is made once and saved, so nothing would be reused), at most 4 worker
/// threads, and every loader but JPEG's and PNG's blocked, so a file that only claims to be a
/// picture never reaches the SVG, PDF or ImageMagick loaders.
/// https://www.libvips.org/API/8.14/VipsOperation.html#vips-cache-set-max
enum VipsLibrary {
  /// The shared object Debian's `libvips42` package installs.
  static let soname = "libvips.so.42"
  /// Debian's package that holds `soname`, which the error names.
  static let package = "libvips42"
  /// The oldest libvips with every function and option used here (`fail_on`, `rgba` text).
  static let minimumVersion = (major: 8, minor: 14)

  /// The resolved functions, or why libvips cannot be used. `nonisolated(unsafe)` because a
  /// pointer is not `Sendable`: the table is written once, before `swift_once` publishes it,
  /// and only read after.
  nonisolated(unsafe) private static let loaded: Result<UnsafePointer<bw_vips_api>, ImageError> = open(
    soname: soname)

  /// The function table, once libvips is open and initialised.
  static func api() throws(ImageError) -> UnsafePointer<bw_vips_api> {
    try loaded.get()
  }

  /// Opens libvips if no operation has yet, so a caller can warn once, before making anything,
  /// that pictures will be used as they are.
  static func load() throws(ImageError) {
    _ = try api()
  }

  /// `mallopt(M_ARENA_MAX, 1)`, found at run time: the Glibc module leaves `malloc.h` out.
  private static func oneMallocArena() {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    let arenaMax: Int32 = -8  // M_ARENA_MAX in glibc's malloc.h
    guard let symbol = dlsym(nil, "mallopt") else { return }
    _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMax, 1)
  }

  /// The runtime library's version, e.g. "8.14.1"; nil when libvips cannot be loaded.
  static var version: String? {
    guard case .success(let api) = loaded else { return nil }
    return (0..<3).map { String(api.pointee.version(Int32($0))) }.joined(separator: ".")
  }

  /// Opens and sets up the library at `soname`; `loaded` opens the real one, a test one that
  /// does not exist.
  static func open(soname: String) -> Result<UnsafePointer<bw_vips_api>, ImageError> {
    // One malloc arena for the process, before libvips starts its worker threads: glibc gives
    // each thread its own, and the buffers they free stay mapped there, so a UHD picture's
    // variants peaked about 11 MB higher (81 MB against 70, measured) for no gain in speed.
    oneMallocArena()
    // Never freed: the table serves every image until the process exits.
    let table = UnsafeMutablePointer<bw_vips_api>.allocate(capacity: 1)
    if let failure = bw_vips_load(soname, table) {
      return .failure(.libraryMissing(soname: soname, package: package, reason: String(cString: failure)))
    }
    let api = table.pointee
    let version = (major: Int(api.version(0)), minor: Int(api.version(1)))
    guard version >= minimumVersion else {
      let found = "\(version.major).\(version.minor)"
      let needed = "\(minimumVersion.major).\(minimumVersion.minor)"
      return .failure(
        .libraryMissing(soname: soname, package: package, reason: "version \(found), older than \(needed)"))
    }
    // libvips loads its modules (ImageMagick's, poppler's, OpenSlide's, HEIF's and JPEG XL's
    // loaders, which bring about 30 more libraries and 45 ms to every start) from
    // `$VIPSHOME/lib`, else from the folder it was built for. Only its own JPEG and PNG loaders
    // are ever used (the others are blocked below), so it is pointed at a folder that has none
    // and that nobody can make one in. A VIPSHOME the user set is kept. libvips sets the variable itself
    // here, on whatever thread opens it, so this adds no write the environment did not have.
    setenv("VIPSHOME", "/dev/null", 0)
    guard api.start("bingwall") == 0 else {
      return .failure(
        .libraryMissing(soname: soname, package: package, reason: errorText(UnsafePointer(table))))
    }
    bw_vips_drop_warnings(table)
    api.cache_set_max(0)
    api.concurrency_set(Int32(workerThreads))
    api.block_untrusted_set(1)
    api.operation_block_set("VipsForeignLoad", 1)
    api.operation_block_set("VipsForeignLoadJpeg", 0)
    api.operation_block_set("VipsForeignLoadPng", 0)
    return .success(UnsafePointer(table))
  }

  /// One per core, up to 4: a screen-sized picture gains little from more, and the desktop the
  /// daemon shares the machine with keeps the rest.
  static var workerThreads: Int {
    max(1, min(4, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }

  /// Serialises the calls that can fail with the reading of their error (see `failure(of:)`),
  /// and keeps the last reason read with a count of reasons read, for a failure whose reason a
  /// concurrent one took (`failure(ofUnlocked:)`).
  private static let calls = Mutex<(reason: String, count: Int)>(("", 0))

  /// Runs one libvips call that reports a failure by returning false and leaving its reason in
  /// libvips's error buffer; nil when it succeeded, else that reason, on one line.
  ///
  /// The buffer is the process's, one for every thread, and reading it empties it: without the
  /// lock a call failing on one thread could find its reason read, and lost, by another's. Only
  /// the calls of different threads wait for each other; libvips's own worker threads still
  /// share the work of each.
  static func failure(of call: () -> Bool, _ api: UnsafePointer<bw_vips_api>) -> String? {
    calls.withLock { last in
      guard !call() else { return nil }
      return reason(api, &last, since: last.count)
    }
  }

  /// As `failure(of:)`, but `call` runs outside the lock, so that several can compute at once:
  /// for the encodes of a screen's variants, which only compute what is already in memory and
  /// fail only when memory runs out. Its reason is read under the lock once it failed; when a
  /// failure that ended meanwhile took the buffer's text with its own, that text (which holds
  /// this reason too) is this one's.
  static func failure(ofUnlocked call: () -> Bool, _ api: UnsafePointer<bw_vips_api>) -> String? {
    let before = calls.withLock { $0.count }
    guard !call() else { return nil }
    return calls.withLock { last in reason(api, &last, since: before) }
  }

  /// The buffer's text, kept as the last reason; when it is empty, the last reason if one was
  /// read after `count`, else that libvips gave none.
  private static func reason(
    _ api: UnsafePointer<bw_vips_api>, _ last: inout (reason: String, count: Int), since count: Int
  ) -> String {
    let text = errorText(api)
    guard text == noReason else {
      last = (text, last.count + 1)
      return text
    }
    return last.count > count ? last.reason : text
  }

  /// What calls that succeeded left in libvips's error buffer, emptied; nil when nothing. A JPEG
  /// decode that went on past a libjpeg warning leaves its first one there
  /// (`VipsJpeg: Corrupt JPEG data: premature end of data segment` for data that stops short).
  static func warningLeft(_ api: UnsafePointer<bw_vips_api>) -> String? {
    calls.withLock { _ in
      let text = errorText(api)
      return text == noReason ? nil : text
    }
  }

  private static let noReason = "libvips gave no reason"

  /// libvips's error text since the last failure, as one line, and the buffer emptied.
  static func errorText(_ api: UnsafePointer<bw_vips_api>) -> String {
    let copy = api.pointee.error_buffer_copy()
    defer { api.pointee.free(copy) }
    let text = String(cString: copy)
    let line = text.split(whereSeparator: \.isNewline).map { $0.trimmed() }.filter { !$0.isEmpty }
      .joined(separator: "; ")
    return line.isEmpty ? noReason : line
  }
}
