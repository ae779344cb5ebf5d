import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// The read-only half of `bingwall doctor`: the config, the database, each picture's file, the
/// image folder and the current wallpaper. Changes nothing; `DoctorRepair` acts on what it found.
package struct DoctorChecks {
  /// Sizes instead of hashes, SQLite's `quick_check` instead of `integrity_check`, and no scan of
  /// every row's values.
  var quick: Bool

  /// Everything the checks learnt, for the repairs and the report.
  /// The checks' working state, the open history among it: `Doctor`'s alone, never the report's.
  struct State {
    var findings: [DoctorFinding] = []
    var resources: Resources
    var configPath: String
    /// False when the config did not load: the checks then use the defaults, and `--fix` leaves
    /// alone what depends on the config (the image folder, the markets).
    var configLoaded: Bool
    /// Open and passing SQLite's check; nil when there is no history yet or it does not open.
    var store: HistoryStore?
    var databaseExists: Bool
    var databaseHealthy = false
    var pictures = 0
    /// Files in the image folder that no row knows, left unjudged because the history cannot say.
    var unjudgedFiles = 0
  }

  static let databaseAdvice =
    "keep the file; move it aside (mv history.db history.db.damaged) and run 'bingwall update', which "
    + "starts a new history from Bing's window of about two weeks, or salvage what it holds with "
    + "'sqlite3 history.db .recover | sqlite3 recovered.db'"

  /// Every check after the config's (`configuration`, which made `state`).
  ///
  /// SQLite's check reads every page of the database and the file check looks up every picture's
  /// file: they run at once, on two connections and two cores, and what the file checks found
  /// counts only when the database passed (a damaged one may list files wrongly).
  func run(_ state: inout State, _ context: Context) {
    checkScreens(&state)
    var known = KnownFiles()
    guard let store = openDatabase(&state, context) else {
      checkFolder(&state, known: &known)
      return
    }
    let (path, quick, folder, files) = (
      store.path, quick, state.resources.imageFolder.path, context.fileSystem
    )
    // Every row's values on a third connection and thread: a scan of every row of the two large
    // tables, as long as SQLite's own check, beside it rather than after it. `--quick` leaves it
    // out, as it takes quick_check for integrity_check: on 100,000 pictures the scan would be
    // most of its time, and every reader still tells of a damaged row it meets.
    let rows = quick ? nil : Overlapped { Self.rowFindings(path: path) }
    let verdict = Overlapped {
      let (findings, healthy) = Self.databaseFindings(path: path, quick: quick)
      return DatabaseVerdict(findings: findings, healthy: healthy, listing: Self.list(folder, in: files))
    }
    var checked = state
    checked.databaseHealthy = true
    let before = state.findings.count
    var readError: (any Error)?
    do {
      try checkFiles(&checked, store: store, known: &known)
    } catch {
      readError = error
    }
    let result = verdict.value()
    let healthy = result.healthy
    state.findings += result.findings
    // Only a database that passed SQLite's check has rows worth judging.
    let scanned = rows?.value() ?? RowVerdict(findings: [], pictures: [])
    let damaged = healthy ? scanned : RowVerdict(findings: [], pictures: [])
    state.findings += damaged.findings
    if readError == nil { checkFolder(&checked, known: &known, listed: result.listing) }
    if healthy, readError == nil {
      // A picture whose own row is damaged has its row's finding: its file is not judged
      // against a size or a hash the row may have wrong.
      state.findings += checked.findings[before...].filter { finding in
        guard case .refetch(let file, _) = finding.action else { return true }
        return !damaged.pictures.contains(file.id)
      }
      state.pictures = checked.pictures
      state.unjudgedFiles = checked.unjudgedFiles
      state.databaseHealthy = true
    } else {
      if healthy, let readError {
        state.findings.append(
          DoctorFinding(
            .database, .problem, subject: store.path,
            message: "cannot be read: \(HistoryStore.briefly(readError))", advice: Self.databaseAdvice))
      }
      known = KnownFiles()
      checkFolder(&state, known: &known, listed: result.listing)
    }
    checkWallpaper(&state)
  }

  /// The database check's result and the image folder's listing, handed from their thread.
  struct DatabaseVerdict: Sendable {
    var findings: [DoctorFinding]
    var healthy: Bool
    var listing: Result<FolderListing?, FileError>
  }

  /// The damaged rows' findings and the pictures whose own row is damaged, from their thread.
  struct RowVerdict: Sendable {
    var findings: [DoctorFinding]
    var pictures: Set<Int64>
  }

  static func list(_ folder: String, in files: any FileSystem) -> Result<FolderListing?, FileError> {
    Result { () throws(FileError) in try FolderListing.read(folder, in: files) }
  }

  // MARK: - Config

  /// The configuration every command reads; each bad line of the file is a finding, and the
  /// checks go on with the rest of it, as every command does. A file that cannot be read at all
  /// is one finding, and the checks go on with the defaults (and the environment, when that
  /// parses). Either way --fix leaves the image folder alone: `image_dir` may be the line lost.
  static func configuration(configFile: String?, _ context: Context) -> State {
    let location = ConfigLocation(configFile: configFile, context: context)
    do {
      let resources = try Resources(context: context, configFile: configFile)
      let problems = resources.configuration.problems
      var state = State(
        resources: resources, configPath: location.path, configLoaded: problems.isEmpty, databaseExists: false
      )
      state.findings = problems.map { problem in
        DoctorFinding(
          .config, .problem, subject: problem.location ?? location.path, message: problem.problem,
          advice: Self.didYouMean(problem)
            + "correct it with 'bingwall config edit'; until then every command ignores the line, "
            + "and --fix leaves the image folder alone")
      }
      return state
    } catch {
      // The error names the file and line; the finding's subject says it once.
      let config = error as? ConfigError
      let finding = DoctorFinding(
        .config, .problem, subject: config?.location ?? location.path, message: config?.problem ?? "\(error)",
        advice: (config.map(Self.didYouMean) ?? "")
          + "correct it with 'bingwall config edit'; until then doctor checks with the "
          + "defaults and --fix leaves the image folder alone")
      let fallback =
        (try? Configuration.load(
          file: "", in: context.fileSystem, explicit: false, environment: context.environment))
        ?? (try? Configuration.load(file: "", in: context.fileSystem, explicit: false, environment: [:]))
      // The defaults with no environment cannot fail to load: every default is valid.
      let resources = Resources(context: context, configuration: fallback!)
      var state = State(
        resources: resources, configPath: location.path, configLoaded: false, databaseExists: false)
      state.findings.append(finding)
      return state
    }
  }

  /// `did you mean 'fill'? ` when the error has a near word, else nothing.
  private static func didYouMean(_ problem: ConfigError) -> String {
    problem.hint.flatMap { $0.hasPrefix("did you mean") ? $0 + " " : nil } ?? ""
  }

  // MARK: - Database

  /// The history, when its file exists and opens; a finding when it does not.
  private func openDatabase(_ state: inout State, _ context: Context) -> HistoryStore? {
    let path = context.paths.databaseFile
    guard access(path, F_OK) == 0 else { return nil }
    state.databaseExists = true
    do {
      let store = try HistoryStore(path: path)
      state.store = store
      return store
    } catch .newerSchema(_, let found, let known) {
      // Not damage: a newer bingwall's history, left as it is.
      state.findings.append(
        DoctorFinding(
          .database, .problem, subject: path,
          message: "was written by a newer bingwall (schema \(found); this one knows \(known))",
          advice: "upgrade bingwall; this one neither checks nor changes it"))
      return nil
    } catch {
      state.findings.append(
        DoctorFinding(
          .database, .problem, subject: path, message: "does not open: \(HistoryStore.briefly(error))",
          advice: Self.databaseAdvice))
      return nil
    }
  }

  /// `integrity_check` (`quick_check`) and `foreign_key_check` on a connection of their own, for
  /// another thread; healthy when the first passes (rows without their picture are repairable).
  static func databaseFindings(path: String, quick: Bool) -> (findings: [DoctorFinding], healthy: Bool) {
    do {
      let store = try HistoryStore(path: path)
      let problems = try store.integrityProblems(quick: quick)
      if let first = problems.first {
        let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        let finding = DoctorFinding(
          .database, .problem, subject: path,
          message: "fails SQLite's \(quick ? "quick_check" : "integrity_check"): \(first)\(more)",
          advice: databaseAdvice)
        return ([finding], false)
      }
      var findings: [DoctorFinding] = []
      let dangling = try store.foreignKeyProblems()
      if let first = dangling.first {
        let more = dangling.count > 1 ? " (and \(dangling.count - 1) more)" : ""
        var finding = DoctorFinding(
          .database, .problem, subject: path, message: "\(first)\(more)",
          advice: "run 'bingwall doctor --fix' to delete the rows that belong to no picture")
        finding.action = .deleteOrphanedRows
        findings.append(finding)
      }
      return (findings, true)
    } catch {
      let finding = DoctorFinding(
        .database, .problem, subject: path, message: "cannot be checked: \(HistoryStore.briefly(error))",
        advice: databaseAdvice)
      return ([finding], false)
    }
  }

  // MARK: - Each row

  /// Every value out of its type (`HistoryStore.damagedRows`, the rules the readers apply): the
  /// rows `list`, `show` and the others skip with a warning; and the pictures whose own row it is.
  static func rowFindings(path: String) -> RowVerdict {
    var findings: [DoctorFinding] = []
    var pictures: Set<Int64> = []
    let damages: [DamagedRow]
    do {
      damages = try HistoryStore(path: path).damagedRows()
    } catch {
      let finding = DoctorFinding(
        .database, .problem, subject: path, message: "cannot be read: \(HistoryStore.briefly(error))",
        advice: databaseAdvice)
      return RowVerdict(findings: [finding], pictures: [])
    }
    for damage in damages {
      var finding = DoctorFinding(
        .row, .problem, subject: damage.key, message: "\(damage.subject) is damaged: \(damage.problem)",
        advice: DamagedRow.repair)
      finding.action = .repairRow(damage)
      findings.append(finding)
      if damage.table == .pictures { pictures.insert(damage.id) }
    }
    return RowVerdict(findings: findings, pictures: pictures)
  }

  // MARK: - Each picture's file

  /// The files the history names: by name when they lie in the image folder (as `update` writes
  /// them), and by identity for any path spelt otherwise (through a symbolic link, or a `/` too
  /// many in `image_dir`): the folder check must never take a stored picture for a stray.
  struct KnownFiles {
    var names: Set<String> = []
    /// Kept as a list and made a set only when a name in the folder is not among `names` (rare):
    /// hashing 100,000 of them would cost `--quick` a tenth of its time.
    var identityList: [FileIdentity] = []
    lazy var identities: Set<FileIdentity> = Set(identityList)
  }

  struct FileStatter {
    let prefix: String
    let folder: Int32

    init(folder: String) {
      prefix = folder + "/"
      self.folder = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    /// The name of `path` inside the folder, when it lies right there.
    func name(of path: String) -> String? {
      let bytes = path.utf8
      guard bytes.starts(with: prefix.utf8) else { return nil }
      let name = bytes.dropFirst(prefix.utf8.count)
      return name.contains(UInt8(ascii: "/")) ? nil : String(name)
    }

    func status(_ path: String, name: String?, _ status: inout stat) -> Int32 {
      if folder >= 0, let name { return fstatat(folder, name, &status, 0) }
      return stat(path, &status)
    }

    func close() { if folder >= 0 { _ = Glibc.close(folder) } }
  }

  /// What a stored file is like on disk, against the size and hash the history records.
  enum FileCondition {
    case whole
    /// Gone (ENOENT, ENOTDIR).
    case missing
    /// It cannot even be looked at (permissions, the disk): nothing to repair by program.
    case unreadable(String)
    /// There, and not what was stored: the clause says how.
    case damaged(String)
  }

  /// Looks at one stored file (its hash too, unless `--quick`), adding it to what the folder check
  /// knows.
  private func condition(
    of path: String, bytes: Int64, sha256: String, statter: FileStatter, known: inout KnownFiles
  ) -> FileCondition {
    let name = statter.name(of: path)
    if let name { known.names.insert(name) }
    var status = stat()
    guard statter.status(path, name: name, &status) == 0 else {
      let code = errno
      return code == ENOENT || code == ENOTDIR ? .missing : .unreadable(String(cString: strerror(code)))
    }
    known.identityList.append(FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)))
    if status.st_mode & S_IFMT != S_IFREG { return .damaged("is not a file") }
    if Int64(status.st_size) != bytes {
      return .damaged("is \(status.st_size) bytes, not the \(bytes) stored")
    }
    guard !quick else { return .whole }
    do {
      return try SHA256.hash(fileAt: path) == sha256
        ? .whole : .damaged("has changed (its SHA-256 is not the one stored)")
    } catch {
      return .damaged("cannot be read: \(error)")
    }
  }

  private func checkFiles(_ state: inout State, store: HistoryStore, known: inout KnownFiles) throws {
    let files = try store.storedFiles(hashes: !quick)
    state.pictures = files.count
    known.names.reserveCapacity(files.count)
    known.identityList.reserveCapacity(files.count)
    let statter = FileStatter(folder: state.resources.imageFolder.path)
    defer { statter.close() }
    let fetchAgain = "run 'bingwall doctor --fix' to download it again while Bing still serves it"
    for file in files {
      var finding: DoctorFinding
      switch condition(of: file.path, bytes: file.bytes, sha256: file.sha256, statter: statter, known: &known)
      {
      case .whole:
        continue
      case .missing:
        finding = DoctorFinding(
          .file, .problem, subject: file.key, message: "\(file.path) is missing",
          advice: fetchAgain + ", or else forget the picture")
        finding.action = .refetch(file, damaged: false)
      case .unreadable(let reason):
        finding = DoctorFinding(
          .file, .problem, subject: file.key, message: "\(file.path) cannot be read: \(reason)",
          advice: "check the file's permissions and the disk")
      case .damaged(let damage):
        finding = DoctorFinding(
          .file, .problem, subject: file.key, message: "\(file.path) \(damage)", advice: fetchAgain)
        finding.action = .refetch(file, damaged: true)
      }
      state.findings.append(finding)
    }
    try checkPortraits(&state, store: store, known: &known, statter: statter)
  }

  /// Each portrait file the history names: known to the folder check, and whole. A lost or
  /// damaged one is forgotten by `--fix` (an unreadable one is only reported); Bing is asked for
  /// it again by the next update on a portrait screen.
  private func checkPortraits(
    _ state: inout State, store: HistoryStore, known: inout KnownFiles, statter: FileStatter
  ) throws {
    let advice =
      "run 'bingwall doctor --fix' to forget it; the next update on a portrait screen fetches it again while Bing still lists the picture"
    for file in try store.storedRenditions(hashes: !quick) {
      let damage: String
      switch condition(of: file.path, bytes: file.bytes, sha256: file.sha256, statter: statter, known: &known)
      {
      case .whole:
        continue
      case .missing:
        damage = "is missing"
      case .unreadable(let reason):
        state.findings.append(
          DoctorFinding(
            .file, .problem, subject: file.key,
            message: "the portrait file \(file.path) cannot be read: \(reason)",
            advice: "check the file's permissions and the disk"))
        continue
      case .damaged(let clause):
        damage = clause
      }
      var finding = DoctorFinding(
        .file, .problem, subject: file.key, message: "the portrait file \(file.path) \(damage)",
        advice: advice)
      finding.action = .forgetPortrait(pictureID: file.pictureID, path: file.path)
      state.findings.append(finding)
    }
  }

  // MARK: - The image folder

  /// `listed`: the folder as read already (on the database check's thread), else read here.
  private func checkFolder(
    _ state: inout State, known: inout KnownFiles, listed: Result<FolderListing?, FileError>? = nil
  ) {
    let folder = state.resources.imageFolder.path
    let listing: FolderListing
    do {
      guard let read = try (listed ?? Self.list(folder, in: state.resources.context.fileSystem)).get() else {
        return
      }
      listing = read
    } catch {
      state.findings.append(
        DoctorFinding(
          .folder, .problem, subject: folder, message: "cannot be read: \(error)",
          advice: "check its permissions"))
      return
    }
    // Without a history that opens, every file would look unknown; removing them would lose the pictures.
    let canJudge = state.databaseHealthy
    let prunePending = Self.prunePending(state.resources)
    for name in listing.names {
      if known.names.contains(name) { continue }
      let path = listing.path + "/" + name
      if name.hasPrefix(".bingwall-") && name.hasSuffix(".part") {
        var finding = DoctorFinding(
          .folder, .problem, subject: path,
          message: DoctorFinding.temporaryMessage,
          advice: "run 'bingwall doctor --fix' (or the next 'bingwall update') to remove it")
        finding.action = .remove(path: path)
        state.findings.append(finding)
        continue
      }
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }  // gone since the listing
      if known.identities.contains(FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)))
      {
        continue
      }
      guard status.st_mode & S_IFMT == S_IFREG else {
        state.findings.append(
          DoctorFinding(
            .folder, .warning, subject: path, message: "is not a picture file (a folder or a link)",
            advice: "bingwall leaves it alone; move it out of the image folder"))
        continue
      }
      guard canJudge else {
        state.unjudgedFiles += 1
        continue
      }
      var finding: DoctorFinding
      if prunePending.contains(path) {
        finding = DoctorFinding(
          .folder, .problem, subject: path,
          message: "was pruned from the history by a prune interrupted before it removed the file",
          advice: "run 'bingwall prune' or 'bingwall doctor --fix' to remove it")
        finding.action = .remove(path: path)
      } else if let parsed = PictureFileName(name), parsed.resolution == .portrait {
        // A portrait file no row knows (a run killed between naming and recording it, or after
        // forgetting it): never a picture of its own; the next update on a portrait screen
        // fetches it again.
        finding = DoctorFinding(
          .folder, .problem, subject: path, message: "is a portrait file no history row knows",
          advice: "run 'bingwall doctor --fix' to remove it")
        finding.action = .remove(path: path)
      } else if let parsed = PictureFileName(name) {
        finding = DoctorFinding(
          .folder, .problem, subject: path,
          message:
            "is named like a picture but no history row knows it (an update interrupted between naming and recording it)",
          advice:
            "run 'bingwall doctor --fix' to adopt it while Bing's window still has the picture, else remove it"
        )
        finding.action = .adopt(path: path, name: parsed)
      } else if state.resources.configuration[ConfigSchema.imageDir].isEmpty {
        finding = DoctorFinding(
          .folder, .problem, subject: path, message: "is not a picture of the history",
          advice: "move it out of the image folder; 'bingwall doctor --fix' removes it")
        finding.action = .remove(path: path)
      } else {
        // `image_dir` names a folder of the user's choosing, which may hold pictures of their
        // own: a file not named like one of ours is theirs to judge, never ours to delete.
        finding = DoctorFinding(
          .folder, .warning, subject: path, message: "is not a picture of the history",
          advice:
            "bingwall leaves it alone in a folder set by image_dir; move it out if it should not be there")
      }
      state.findings.append(finding)
    }
    if state.unjudgedFiles > 0 {
      let why =
        state.databaseExists
        ? "the history cannot be read"
        : "there is no history (\(state.resources.context.paths.databaseFile))"
      state.findings.append(
        DoctorFinding(
          .folder, .warning, subject: folder,
          message: "\(state.unjudgedFiles) files were not checked against the history: \(why)",
          advice: "doctor removes no file it cannot judge; 'bingwall update' starts a new history"))
    }
  }

  /// The files a prune listed before deleting their rows (see `Prune.apply`): what it left behind
  /// when killed is its to remove, not a picture to adopt.
  static func prunePending(_ resources: Resources) -> Set<String> {
    Set((try? Prune(resources: resources).pendingPaths()) ?? [])
  }

  // MARK: - The current wallpaper

  private func checkWallpaper(_ state: inout State) {
    guard let store = state.store, state.databaseHealthy,
      let id = try? store.recentlyApplied(limit: 1).first, let picture = try? store.picture(id: id)
    else { return }
    let broken = state.findings.contains {
      if case .refetch(let file, _) = $0.action { return file.id == id }
      return false
    }
    guard broken else { return }
    state.findings.append(
      DoctorFinding(
        .wallpaper, .warning, subject: picture.id.key,
        message:
          "the current wallpaper's file (\(picture.path)) is missing or damaged; the desktop may lose it",
        advice:
          "once the file is fixed run 'bingwall apply \(picture.id.key)', or 'bingwall random' to set another"
      ))
  }
}
