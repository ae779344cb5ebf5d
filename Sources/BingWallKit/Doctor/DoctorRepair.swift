import BingWallBing
import BingWallImage
import BingWallModel
import BingWallNet
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// `bingwall doctor --fix`: acts on each finding that has a repair, marking it fixed or saying why
/// not. The caller holds the history lock.
///
/// Local repairs come first, so that without a network everything that needs none is still done:
/// temporary and stray files go, rows that belong to no picture go, and a file no row knows that
/// holds the very bytes of a stored picture either gives a lost file back to its row or, as a
/// second copy, goes. Then, only when something is left that needs it, each configured market's
/// archive is fetched: pictures Bing still serves are downloaded again through the same checks as
/// `update`, lost ones it no longer serves are forgotten, and unknown files named like pictures are
/// adopted when the window has them.
struct DoctorRepair {
  let resources: Resources
  let store: HistoryStore
  /// The configuration loaded: without it the markets and the image folder are guesses, so only
  /// the database's own repairs run.
  let configLoaded: Bool

  var context: Context { resources.context }
  var fileSystem: any FileSystem { context.fileSystem }

  func run(_ findings: inout [DoctorFinding]) {
    let configNeeded =
      "not fixed while the config does not load; correct it and run 'bingwall doctor --fix' again"
    for index in findings.indices {
      switch findings[index].action {
      case .remove(let path):
        if configLoaded || findings[index].isTemporaryFile {
          findings[index].outcome = remove(path)
        } else {
          findings[index].outcome = .notFixed(configNeeded)
        }
      case .deleteOrphanedRows:
        do {
          try store.write { try store.deleteOrphanedRows() }
          findings[index].outcome = .fixed("deleted the rows that belonged to no picture")
        } catch {
          findings[index].outcome = .notFixed("cannot delete them: \(error)")
        }
      case .repairRow(let damage):
        findings[index].outcome = repair(damage)
      case .forgetPortrait(let id, let path):
        findings[index].outcome = configLoaded ? forgetPortrait(id, path) : .notFixed(configNeeded)
      case .refetch, .adopt:
        if !configLoaded { findings[index].outcome = .notFixed(configNeeded) }
      case .none:
        break
      }
    }
    guard configLoaded else { return }
    matchCopies(&findings)
    let open = findings.indices.filter { index in
      guard findings[index].outcome == .open else { return false }
      switch findings[index].action {
      case .refetch, .adopt: return true
      default: return false
      }
    }
    guard !open.isEmpty else { return }
    var markets: [Market] = []
    for index in open {
      guard case .refetch(let file, _) = findings[index].action else { continue }
      markets += (try? store.picture(id: file.id))?.markets ?? []
    }
    let window = BingWindow.fetch(resources, extra: markets)
    refetch(&findings, open, window)
    adopt(&findings, open, window)
  }

  // MARK: - Files

  private func forgetPortrait(_ pictureID: Int64, _ path: String) -> DoctorFinding.Outcome {
    // As for pictures: a folder that is not there is a disk not mounted, not files lost.
    let folder = resources.imageFolder.path
    if !fileSystem.exists(folder) {
      return .notFixed(
        "the image folder \(folder) is missing (a disk not mounted?): nothing forgotten; mount it or set image_dir"
      )
    }
    do {
      try store.write { try store.forgetPortrait(pictureID: pictureID) }
    } catch {
      return .notFixed("cannot forget it: \(error)")
    }
    try? fileSystem.removeFile(path)
    return .fixed("forgot it; the next update on a portrait screen fetches it again")
  }

  private func remove(_ path: String) -> DoctorFinding.Outcome {
    do throws(FileError) {
      try fileSystem.removeFile(path)
    } catch {
      return .notFixed("cannot remove it: \(String(cString: strerror(error.errno ?? EIO)))")
    }
    try? fileSystem.syncFolder(resources.imageFolder.path)
    return .fixed("removed")
  }

  /// Unknown files with the very bytes of a stored picture: the lost file of that picture (its row
  /// points there again), or a second copy (removed).
  private func matchCopies(_ findings: inout [DoctorFinding]) {
    for index in findings.indices {
      guard case .adopt(let path, _) = findings[index].action,
        let sha256 = try? SHA256.hash(fileAt: path), let stored = try? store.picture(sha256: sha256)
      else { continue }
      let broken = findings.indices.first { other in
        guard findings[other].outcome == .open, case .refetch(let file, _) = findings[other].action else {
          return false
        }
        return file.id == stored.id
      }
      guard let broken, case .refetch(let file, let damaged) = findings[broken].action else {
        findings[index].outcome = remove(path).replacingFixed(
          "removed: a second copy of \(stored.pictureID.key)")
        continue
      }
      do {
        try store.write { try store.move(pictureID: stored.id, to: path) }
      } catch {
        findings[index].outcome = .notFixed("cannot point \(stored.pictureID.key) at it: \(error)")
        continue
      }
      if damaged { try? fileSystem.removeFile(file.path) }
      findings[index].outcome = .fixed("it is \(stored.pictureID.key)'s file; the history points to it again")
      findings[broken].outcome = .fixed("found again as \(path)")
    }
  }

  // MARK: - Through Bing

  /// Pictures whose file is lost or damaged: downloaded again when the window has them; a lost one
  /// it does not have is forgotten, once every market's window was read.
  private func refetch(_ findings: inout [DoctorFinding], _ open: [Int], _ window: BingWindow) {
    let unmounted = looksUnmounted(findings, open)
    var plans: [DownloadPlan] = []
    var findingOfKey: [String: Int] = [:]
    let configuration = resources.configuration
    for index in open {
      guard case .refetch(let file, let damaged) = findings[index].action else { continue }
      if let shown = window.appearances[file.key], let image = shown.first?.image {
        var plan = DownloadPlan(
          bing: image, appearances: shown.map(\.appearance), preferred: file.resolution,
          endpoint: configuration.endpoint)
        plan.role = .replacing(rowID: file.id)
        plans.append(plan)
        findingOfKey[file.key] = index
      } else if let failure = window.failure {
        findings[index].outcome = .notFixed(
          "cannot tell whether Bing still serves it: \(failure); run 'bingwall doctor --fix' again later")
      } else if damaged {
        findings[index].outcome = .notFixed(
          "Bing no longer serves it; keep the file as it is, or delete it and run 'bingwall doctor --fix' to forget the picture"
        )
      } else if let unmounted {
        findings[index].outcome = .notFixed(unmounted)
      } else {
        findings[index].outcome = forget(file)
      }
    }
    guard !plans.isEmpty else { return }
    let http: any HTTPClient
    do {
      try resources.imageFolder.ensure()
      http = try resources.http()
    } catch {
      for index in findingOfKey.values { findings[index].outcome = .notFixed("\(error)") }
      return
    }
    let limits = RequestLimits(
      timeout: configuration.networkLimits.requestTimeout,
      deadline: configuration.networkLimits.updateDeadline(clock: context.clock))
    let downloader = PictureDownloader(
      fetcher: PictureFetcher(
        http: http, images: resources.imageFolder, limits: limits, progress: nil, history: store),
      store: store, now: context.clock.now())
    for outcome in downloader.download(plans) {
      guard let index = findingOfKey[outcome.plan.id.key] else { continue }
      switch outcome.result {
      case .stored(let id), .identical(let id):
        let path = (try? store.picture(id: id))?.path ?? "?"
        findings[index].outcome = .fixed("downloaded again as \(path)")
      case .skipped(let reason):
        findings[index].outcome = .notFixed("cannot download it again: \(reason)")
      case .failed(let error, _):
        findings[index].outcome = .notFixed("cannot download it again: \(error); try again later")
      }
    }
  }

  /// Why nothing may be forgotten, when the lost files look like a folder that is not there
  /// rather than pictures that went one by one: the image folder is missing, or half the history
  /// or more lost its files at once (an unmounted disk, a moved folder). Forgetting would throw
  /// away years of history, marks included, for a disk that was not plugged in.
  private func looksUnmounted(_ findings: [DoctorFinding], _ open: [Int]) -> String? {
    let lost = open.filter {
      if case .refetch(_, let damaged) = findings[$0].action { return !damaged }
      return false
    }.count
    let total = (try? store.retentionItems().count) ?? 0
    let folder = resources.imageFolder.path
    if !fileSystem.exists(folder) {
      return
        "the image folder \(folder) is missing (a disk not mounted?): nothing forgotten; mount it or set image_dir, then run 'bingwall doctor' again"
    }
    // Every file of two or more, or half of ten or more: a few lost one by one are forgotten.
    guard lost >= 2, lost == total || (total >= 10 && lost * 2 >= total) else { return nil }
    return
      "\(lost) of \(total) pictures lost their files at once (the image folder \(folder) looks unmounted or moved): nothing forgotten; mount it or set image_dir, then run 'bingwall doctor' again"
  }

  private func forget(_ file: HistoryStore.StoredFile) -> DoctorFinding.Outcome {
    let title = (try? store.picture(id: file.id)).map { " (\($0.date), \($0.displayTitle))" } ?? ""
    do {
      // Its portrait file goes with it (the row cascades; the file would be a stray).
      let portrait = try store.portraits(of: [file.id])[file.id]
      try store.write { try store.deletePicture(id: file.id) }
      if let portrait { try? fileSystem.removeFile(portrait) }
      return .fixed("Bing no longer serves it: forgot \(file.key)\(title) and its marks and applies")
    } catch {
      return .notFixed("cannot forget it: \(error)")
    }
  }

  /// Files named like pictures that no row knows: adopted when the window has that picture at that
  /// date, name and size and the file is a whole JPEG; otherwise removed.
  private func adopt(_ findings: inout [DoctorFinding], _ open: [Int], _ window: BingWindow) {
    for index in open where findings[index].outcome == .open {
      guard case .adopt(let path, let name) = findings[index].action else { continue }
      let wanted = PictureFileName(date: name.date, name: name.name, resolution: name.resolution).fileName
      let match = window.appearances.values.first { shown in
        shown.contains {
          PictureFileName(date: $0.appearance.date, name: $0.image.name, resolution: name.resolution).fileName
            == wanted
        }
      }
      guard let match, let image = match.first?.image else {
        if let failure = window.failure {
          findings[index].outcome = .notFixed(
            "cannot check it against Bing's window: \(failure); run 'bingwall doctor --fix' again later")
        } else if Self.isBroken(path) {
          findings[index].outcome = remove(path).replacingFixed("removed: not a whole JPEG")
        } else {
          // A whole picture named like ours that the window no longer has: an older history's
          // (its database moved aside) or the user's own. Never ours to delete.
          findings[index].outcome = .notFixed(
            "a whole picture Bing's window no longer has: kept; 'bingwall import \(Paths.parent(of: path))' "
              + "takes it back into the history, or move it away")
        }
        continue
      }
      findings[index].outcome = adopt(
        path, as: image.key, resolution: name.resolution, appearances: match.map(\.appearance))
    }
  }

  /// Not a whole JPEG, which is what may be removed. A whole one that only its decode's cost
  /// refuses (a large progressive picture) is someone's picture still.
  static func isBroken(_ path: String) -> Bool {
    do {
      _ = try JPEGInspector.inspect(fileAt: path)
      return false
    } catch .tooCostlyToDecode, .tooManyScans {
      return false
    } catch {
      return true
    }
  }

  private func adopt(_ path: String, as key: String, resolution: Resolution, appearances: [Appearance])
    -> DoctorFinding.Outcome
  {
    let info: JPEGInfo
    do {
      info = try JPEGInspector.inspect(fileAt: path)
    } catch {
      return remove(path).replacingFixed("removed: not a whole JPEG (\(error))")
    }
    do {
      if try store.isPruned(key: key) {
        // The retention policy deleted it on purpose; update does not fetch it again either.
        return remove(path).replacingFixed("removed: prune deleted \(key) from the history")
      }
      let sha256 = try SHA256.hash(fileAt: path)
      if let other = try store.picture(sha256: sha256), other.pictureID.key != key {
        // Bing's stock picture for a missing size: what update would have refused.
        return remove(path).replacingFixed("removed: the same file as \(other.pictureID.key), a placeholder")
      }
      guard let status = fileSystem.status(of: path, followingLinks: true) else {
        return .notFixed("cannot read it: it is gone")
      }
      let file = NewPictureFile(
        key: key, sha256: sha256, path: path, resolution: resolution, width: info.width, height: info.height,
        bytes: Int64(status.size))
      try store.adopt(file, appearances: appearances, at: context.clock.now())
      return .fixed("adopted as \(key)")
    } catch {
      return .notFixed("cannot adopt it: \(error)")
    }
  }
}

extension DoctorFinding.Outcome {
  /// A successful removal told with its reason; a failed one as it was.
  fileprivate func replacingFixed(_ text: String) -> DoctorFinding.Outcome {
    if case .fixed = self { return .fixed(text) }
    return self
  }
}
