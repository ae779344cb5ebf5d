import BingWallBing
import BingWallImage
import BingWallModel
import BingWallNet
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// A plan's file as it came down, checked whole and synced, ready to be named: the JPEG file
/// (the one made from a PNG, which the download's file then gives way to), and the row it is
/// recorded by, its path still empty.
///
/// Unchecked Sendable: fetched on one thread and handed over once, whole, to the one that names
/// it (a source's thread to the update's); no two threads ever hold its file.
struct FetchedPicture: @unchecked Sendable {
  var file: PendingImageFile
  /// Its hash, bytes and pixels; its resolution is the size it is named by: the one its URL
  /// asked for, else its pixels.
  var record: NewPictureFile

  /// Drops the file when it is not named (another update stored the picture meanwhile, or a
  /// failure after the check).
  func discard() { file.discard() }
}

/// Downloads plans in parallel rounds (every plan at its first candidate, then the refused ones
/// at their next) and checks each file whole before anything may name it: status 200, an image
/// Content-Type, a whole JPEG (or PNG, made into a JPEG through the same bounded loader, where
/// the plan accepts one) within the decoder's bounds, and Bing's placeholder tells. Writes
/// nothing to the history, so it may run before the update holds the lock: `PictureDownloader`
/// names what it gives.
struct PictureFetcher {
  /// What became of one plan.
  enum Fetch {
    case fetched(FetchedPicture)
    case skipped(UpdateSkip.Reason)
    case failed(any Error, temporary: Bool)
  }

  /// A file larger than this is refused: no wallpaper is, and an endless body must not fill the disk.
  static let maxBytes: Int64 = 256 * 1024 * 1024
  /// Parallel transfers: a whole window at once, so no picture waits for a second round trip.
  /// Over HTTP/2, as Bing serves, they are streams of the archive's one connection; over
  /// HTTP/1.1 (a plain http endpoint) one connection each.
  static let maxConcurrent = ArchiveRequest.imageCount

  let http: any HTTPClient
  let images: ImageFolder
  let limits: RequestLimits
  let progress: (any DownloadProgress)?
  /// The history as it is, to tell a Bing placeholder stored under another key; nil when there
  /// is none yet.
  let history: HistoryStore?

  private struct Attempt {
    var index: Int
    var file: PendingImageFile
    var candidate: DownloadCandidate
    var digest = SHA256Observer()
  }

  /// This size is no good (missing, not a picture); the next candidate may be.
  private struct Refusal: Error {
    var problem: String
  }

  func fetch(_ plans: [DownloadPlan]) -> [Fetch] {
    var results: [Int: Fetch] = [:]
    fetch(plans) { settled in
      for (index, fetch) in settled { results[index] = fetch }
    }
    return plans.indices.map { results[$0] ?? .skipped(.notAttempted) }
  }

  /// Fetches `plans`, telling `settle` after each round what became of the plans that round
  /// settled (by their index): fetched, failed, or refused at every candidate. A plan is settled
  /// once.
  func fetch(_ plans: [DownloadPlan], settle: ([(index: Int, fetch: Fetch)]) -> Void) {
    var problems: [Int: [String]] = [:]
    var pending = Array(plans.indices)
    var round = 0
    while !pending.isEmpty {
      var settled: [(index: Int, fetch: Fetch)] = []
      var attempts: [Attempt] = []
      for index in pending {
        let plan = plans[index]
        guard round < plan.candidates.count else {
          settled.append((index, Self.exhausted(plan, problems[index] ?? [])))
          continue
        }
        do {
          attempts.append(
            Attempt(index: index, file: try images.pendingFile(), candidate: plan.candidates[round]))
        } catch {
          settled.append((index, .failed(error, temporary: false)))
        }
      }
      let responses = download(attempts, of: plans)
      var checked: [(attempt: Attempt, picture: FetchedPicture)] = []
      var refused: [Int] = []
      for (attempt, response) in zip(attempts, responses) {
        do {
          checked.append((attempt, try check(attempt, response, of: plans[attempt.index])))
        } catch let refusal as Refusal {
          attempt.file.discard()
          problems[attempt.index, default: []].append(Self.told(refusal.problem, attempt.candidate))
          refused.append(attempt.index)
        } catch {
          attempt.file.discard()
          settled.append((attempt.index, .failed(error, temporary: Update.isTemporary(error))))
        }
      }
      PendingImageFile.syncAll(checked.map(\.picture.file))
      for (attempt, picture) in checked {
        if let problem = placeholderProblem(picture, of: attempt.index, among: checked, plans: plans) {
          problems[attempt.index, default: []].append(Self.told(problem, attempt.candidate))
          picture.discard()
          refused.append(attempt.index)
          continue
        }
        settled.append((attempt.index, .fetched(picture)))
      }
      if !settled.isEmpty { settle(settled.sorted { $0.index < $1.index }) }
      pending = refused.sorted()
      round += 1
    }
  }

  /// One round's transfers, all at once.
  private func download(_ attempts: [Attempt], of plans: [DownloadPlan]) -> [Result<HTTPResponse, NetError>] {
    guard !attempts.isEmpty else { return [] }
    let jobs = attempts.map { attempt in
      DownloadJob(
        request: limits.picture(
          url: attempt.candidate.url, maxBytes: Self.maxBytes, headers: plans[attempt.index].headers),
        fileDescriptor: attempt.file.fileDescriptor, label: plans[attempt.index].title,
        observer: attempt.digest)
    }
    return http.downloadAll(jobs, maxConcurrent: Self.maxConcurrent, retry: .standard, progress: progress)
  }

  /// A problem as the plan's failure tells it: after the size it was fetched at, where the
  /// candidates are sizes.
  private static func told(_ problem: String, _ candidate: DownloadCandidate) -> String {
    candidate.resolution.map { "\($0): \(problem)" } ?? problem
  }

  /// Status 200, an image Content-Type, no redirect to another of Bing's pictures, a whole
  /// picture of the shape the plan wants; then its hash. A transfer's failure, or a server's
  /// "not now", ends the plan; any other refusal moves it to its next candidate.
  private func check(
    _ attempt: Attempt, _ response: Result<HTTPResponse, NetError>, of plan: DownloadPlan
  ) throws -> FetchedPicture {
    let http = try response.get()
    if HTTPResponse.isTemporaryFailure(status: http.status) {
      throw DownloadError.serverError(url: RedactedURL.text(attempt.candidate.url), status: http.status)
    }
    guard http.status == 200 else { throw Refusal(problem: "HTTP \(http.status)") }
    let type = http.header("Content-Type") ?? "none"
    guard type.lowercased().hasPrefix("image/") else {
      throw Refusal(problem: "not a picture (Content-Type \(TerminalText.quoted(type, limit: 40)))")
    }
    if plan.checksBingPlaceholders,
      Self.pictureID(in: http.effectiveURL) != Self.pictureID(in: attempt.candidate.url)
    {
      // Bing answers a missing size by redirecting to a stock picture (rf=LaDigue_…).
      throw Refusal(problem: "redirected to another picture (a placeholder)")
    }
    let picture = try inspect(attempt, bytes: http.bodyBytes, of: plan)
    if attempt.candidate.resolution == Resolution.preferred, picture.record.width <= 1920,
      picture.record.height <= 1080
    {
      // "UHD" that is really 1920x1080 or smaller: take the honest 1920x1080 file instead.
      picture.discard()
      throw Refusal(problem: "UHD is only \(picture.record.width)x\(picture.record.height)")
    }
    if case .portrait = plan.role, picture.record.height <= picture.record.width {
      // A portrait file that is not taller than wide would be cropped to a sliver again.
      picture.discard()
      throw Refusal(problem: "the portrait file is \(picture.record.width)x\(picture.record.height)")
    }
    return picture
  }

  /// The file checked whole: a JPEG as it is, a PNG (where accepted) made into a JPEG.
  private func inspect(_ attempt: Attempt, bytes: Int64, of plan: DownloadPlan) throws -> FetchedPicture {
    let path = attempt.file.readablePath
    let found: (isPNG: Bool, width: Int, height: Int)
    do {
      if plan.acceptsPNG {
        found = try PictureConversion.inspect(fileAt: path)
      } else {
        let info = try JPEGInspector.inspect(fileAt: path)
        found = (false, info.width, info.height)
      }
    } catch {
      // The file has no name yet (its path is a descriptor's) and nothing was stored: the reason
      // alone; the candidate it was fetched from says which file.
      throw Refusal(problem: "the file \(error.reason)")
    }
    guard found.isPNG else {
      return FetchedPicture(
        file: attempt.file,
        record: plan.record(
          sha256: attempt.digest.hexDigest(), bytes: bytes, width: found.width, height: found.height,
          resolution: attempt.candidate.resolution))
    }
    do {
      return try jpeg(fromPNG: attempt.file, of: plan)
    } catch {
      throw Refusal(problem: "cannot make a JPEG of the PNG: \(error)")
    }
  }

  /// The PNG in `png` as a JPEG in a new file of the image folder (no larger than
  /// `PictureConversion.maximumSide`), hashed as it is written.
  private func jpeg(fromPNG png: PendingImageFile, of plan: DownloadPlan) throws -> FetchedPicture {
    let jpeg = try images.pendingFile()
    let path = images.path
    let (sha256, bytes, width, height) = try PictureConversion.withJPEG(fromPictureAt: png.readablePath) {
      (data, width, height) throws(ImageError) -> (String, Int64, Int, Int) in
      let written = data.withUnsafeBytes { raw in
        Result { () throws(Errno) in try Syscall.writeAll(jpeg.fileDescriptor, raw) }
      }
      if case .failure(let error) = written {
        throw .write(FileError.system(operation: "write", path: path, errno: error.code))
      }
      var hash = SHA256()
      data.withUnsafeBytes { hash.update($0) }
      return (SHA256.hex(hash.finalize()), Int64(data.count), width, height)
    }
    png.discard()
    return FetchedPicture(
      file: jpeg,
      record: plan.record(sha256: sha256, bytes: bytes, width: width, height: height, resolution: nil))
  }

  /// The `id` query item of a picture URL, which names the file whatever the host.
  static func pictureID(in url: String) -> String? {
    URLComponents(string: url)?.queryItems?.first { $0.name == "id" }?.value
  }

  /// Bing serves one stock picture (`rf=LaDigue_…`) with status 200 for sizes it lacks: the same
  /// bytes under different keys, in this round or already stored, give it away.
  private func placeholderProblem(
    _ picture: FetchedPicture, of index: Int, among checked: [(attempt: Attempt, picture: FetchedPicture)],
    plans: [DownloadPlan]
  ) -> String? {
    let plan = plans[index]
    guard plan.checksBingPlaceholders else { return nil }
    if let other = checked.first(where: {
      $0.picture.record.sha256 == picture.record.sha256 && plans[$0.attempt.index].checksBingPlaceholders
        && plans[$0.attempt.index].id != plan.id
    }) {
      return "a placeholder (the same file as \(plans[other.attempt.index].id.key))"
    }
    // Only Bing's own pictures: the same bytes from another source are the same photograph.
    if let stored = try? history?.picture(sha256: picture.record.sha256), stored.pictureID.source == .bing,
      stored.pictureID != plan.id
    {
      return "a placeholder (the same file as the stored \(stored.pictureID.key))"
    }
    return nil
  }

  /// A plan whose every candidate was refused.
  private static func exhausted(_ plan: DownloadPlan, _ problems: [String]) -> Fetch {
    if plan.notForWallpapers { return .skipped(.notForWallpapers(problems: problems)) }
    return .failed(DownloadError.unusable(key: plan.id.key, problems: problems), temporary: false)
  }
}
