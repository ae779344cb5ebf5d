import BingWallBing
import BingWallDesktop
import BingWallImage
import BingWallModel
import BingWallNet
import BingWallSchedule
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// One picture to download: Bing's metadata, every appearance it will get, the sizes to try.
struct DownloadPlan {
  var image: ArchiveImage
  var appearances: [Appearance]
  /// In order: the configured size, then the fallback. A `wp:false` day starts at the fallback,
  /// since Bing's larger sizes are missing or placeholders then (docs/bing-endpoint.md).
  var resolutions: [Resolution]

  init(image: ArchiveImage, appearances: [Appearance], preferred: Resolution) {
    self.image = image
    self.appearances = appearances
    var sizes = [preferred, Resolution.fallback]
    if !image.wp, preferred == Resolution.preferred { sizes = [Resolution.fallback] }
    resolutions = sizes.uniqued()
  }

  /// Bing's portrait file of a stored picture: that one size, for no appearance.
  init(portraitOf image: ArchiveImage) {
    self.image = image
    appearances = []
    resolutions = [.portrait]
  }
}

/// Downloads plans in parallel rounds — every picture at its first size, then the refused ones at
/// their next — and checks each file before it gets a name in the image folder.
struct PictureDownloader {
  enum Result {
    /// Named in the image folder and recorded with its appearances (see `PictureIngest`).
    case stored(pictureID: Int64)
    /// `--force` fetched bytes identical to a stored file that is still there: nothing new.
    case identical(pictureID: Int64)
    case skipped(UpdateSkip.Reason)
    case failed(any Error, temporary: Bool)
  }

  package struct Outcome {
    var plan: DownloadPlan
    var result: Result
  }

  /// A file larger than this is refused: no wallpaper is, and an endless body must not fill the disk.
  static let maxBytes: Int64 = 256 * 1024 * 1024
  /// Parallel transfers: a whole window at once, so no picture waits for a second round trip.
  /// Over HTTP/2, as Bing serves, they are streams of the archive's one connection; over
  /// HTTP/1.1 (a plain http endpoint) one connection each.
  static let maxConcurrent = ArchiveRequest.imageCount

  let http: any HTTPClient
  let store: HistoryStore
  let images: ImageFolder
  let endpoint: String
  let timeout: Duration
  let progress: (any DownloadProgress)?
  /// The time recorded as the pictures' arrival.
  let now: Date
  /// When the whole update must be over; no attempt starts or runs past it.
  var deadline: ContinuousClock.Instant?
  /// Pictures whose stored file is lost or damaged, by key (`doctor --fix`): a download of one
  /// of them replaces that picture's file instead of adding a picture.
  var replacing: [String: Int64] = [:]
  /// Stored pictures by key whose portrait file this download is (`update`, for a screen on its
  /// side): it is recorded as that picture's rendition, not as a picture.
  var portraitOf: [String: Int64] = [:]

  private struct Attempt {
    var index: Int
    var file: PendingImageFile
    var resolution: Resolution
    var url: String
    var digest = SHA256Observer()
  }

  private struct Checked {
    var attempt: Attempt
    var info: JPEGInfo
    var sha256: String
    var bytes: Int64
  }

  private var ingest: PictureIngest { PictureIngest(store: store, images: images) }

  func download(_ plans: [DownloadPlan]) -> [Outcome] {
    var results: [Int: Result] = [:]
    var problems: [Int: [String]] = [:]
    var pending = Array(plans.indices)
    var round = 0
    while !pending.isEmpty {
      var attempts: [Attempt] = []
      for index in pending {
        let plan = plans[index]
        guard round < plan.resolutions.count else {
          results[index] = exhausted(plan, problems[index] ?? [])
          continue
        }
        let resolution = plan.resolutions[round]
        do {
          let url = ImageURL.url(endpoint: endpoint, urlbase: plan.image.urlbase, resolution: resolution)
          attempts.append(
            Attempt(index: index, file: try images.pendingFile(), resolution: resolution, url: url))
        } catch {
          results[index] = .failed(error, temporary: false)
        }
      }
      let jobs = attempts.map { attempt in
        DownloadJob(
          request: RequestLimits(timeout: timeout, deadline: deadline).picture(
            url: attempt.url, maxBytes: Self.maxBytes),
          fileDescriptor: attempt.file.fileDescriptor, label: plans[attempt.index].image.title,
          observer: attempt.digest)
      }
      let responses =
        jobs.isEmpty
        ? []
        : http.downloadAll(
          jobs, maxConcurrent: Self.maxConcurrent, retry: .standard, progress: progress)
      var checked: [Checked] = []
      var refused: [Int] = []
      for (attempt, response) in zip(attempts, responses) {
        switch check(attempt, response) {
        case .success(let good):
          checked.append(good)
        case .failure(.refused(let problem)):
          problems[attempt.index, default: []].append("\(attempt.resolution): \(problem)")
          attempt.file.discard()
          refused.append(attempt.index)
        case .failure(.fatal(let error, let temporary)):
          attempt.file.discard()
          results[attempt.index] = .failed(error, temporary: temporary)
        }
      }
      PendingImageFile.syncAll(checked.map(\.attempt.file))
      for item in checked {
        let plan = plans[item.attempt.index]
        if let problem = placeholderProblem(item, among: checked, plans: plans) {
          problems[item.attempt.index, default: []].append("\(item.attempt.resolution): \(problem)")
          item.attempt.file.discard()
          refused.append(item.attempt.index)
          continue
        }
        do {
          let file = NewPictureFile(
            key: plan.image.key, sha256: item.sha256, path: "", resolution: item.attempt.resolution,
            width: item.info.width, height: item.info.height, bytes: item.bytes)
          let date = plan.appearances.first?.date ?? plan.image.date
          let result =
            if let id = portraitOf[plan.image.key] {
              try ingest.keepPortrait(
                item.attempt.file, of: id, as: file, name: plan.image.name, date: date, at: now)
            } else if let id = replacing[plan.image.key] {
              try ingest.replace(
                item.attempt.file, pictureID: id, with: file, name: plan.image.name, date: date,
                appearances: plan.appearances, at: now)
            } else {
              try ingest.keep(
                item.attempt.file, as: file, name: plan.image.name, date: date,
                appearances: plan.appearances, at: now)
            }
          switch result {
          case .stored(let id): results[item.attempt.index] = .stored(pictureID: id)
          case .identical(let id): results[item.attempt.index] = .identical(pictureID: id)
          }
        } catch {
          item.attempt.file.discard()
          results[item.attempt.index] = .failed(error, temporary: false)
        }
      }
      pending = refused.sorted()
      round += 1
    }
    return plans.indices.map { Outcome(plan: plans[$0], result: results[$0] ?? .skipped(.notAttempted)) }
  }

  private enum Refusal: Error {
    /// This size is no good (missing, not a JPEG); the next size may be.
    case refused(String)
    /// Give up on the picture.
    case fatal(any Error, temporary: Bool)
  }

  /// Status 200, an image Content-Type, a whole JPEG with dimensions; then its hash.
  private func check(_ attempt: Attempt, _ response: Swift.Result<HTTPResponse, NetError>)
    -> Swift.Result<
      Checked, Refusal
    >
  {
    let http: HTTPResponse
    switch response {
    case .failure(let error):
      return .failure(.fatal(error, temporary: error.isTemporary))
    case .success(let value):
      http = value
    }
    if HTTPResponse.isTemporaryFailure(status: http.status) {
      return .failure(
        .fatal(DownloadError.serverError(url: attempt.url, status: http.status), temporary: true))
    }
    guard http.status == 200 else { return .failure(.refused("HTTP \(http.status)")) }
    let type = http.header("Content-Type") ?? "none"
    guard type.lowercased().hasPrefix("image/") else {
      return .failure(.refused("not an image (Content-Type \(type))"))
    }
    if Self.pictureID(in: http.effectiveURL) != Self.pictureID(in: attempt.url) {
      // Bing answers a missing size by redirecting to a stock picture (rf=LaDigue_…).
      return .failure(.refused("redirected to another picture (a placeholder)"))
    }
    do {
      let info = try JPEGInspector.inspect(fileAt: attempt.file.readablePath)
      if attempt.resolution == Resolution.preferred, info.width <= 1920, info.height <= 1080 {
        // "UHD" that is really 1920x1080 or smaller: take the honest 1920x1080 file instead.
        return .failure(.refused("UHD is only \(info.width)x\(info.height)"))
      }
      if attempt.resolution == .portrait, info.height <= info.width {
        // A portrait size that is not taller than wide would be cropped to a sliver again.
        return .failure(.refused("the portrait file is \(info.width)x\(info.height)"))
      }
      return .success(
        Checked(attempt: attempt, info: info, sha256: attempt.digest.hexDigest(), bytes: http.bodyBytes))
    } catch {
      // The file has no name yet (its path is a descriptor's) and nothing was stored: the reason
      // alone, the size it was fetched at says which file.
      return .failure(.refused("the file \(error.reason)"))
    }
  }

  /// The `id` query item of a picture URL, which names the file whatever the host.
  static func pictureID(in url: String) -> String? {
    URLComponents(string: url)?.queryItems?.first { $0.name == "id" }?.value
  }

  /// Bing serves one stock picture (`rf=LaDigue_…`) with status 200 for sizes it lacks: the same
  /// bytes under different keys, in this run or already stored, give it away.
  private func placeholderProblem(_ item: Checked, among checked: [Checked], plans: [DownloadPlan]) -> String?
  {
    let key = plans[item.attempt.index].image.key
    if let other = checked.first(where: {
      $0.sha256 == item.sha256 && plans[$0.attempt.index].image.key != key
    }) {
      return "a placeholder (the same file as \(plans[other.attempt.index].image.key))"
    }
    // Only Bing's own pictures: the same bytes from another source are the same photograph.
    if let stored = try? store.picture(sha256: item.sha256), stored.pictureID.source == .bing,
      stored.pictureID.key != key
    {
      return "a placeholder (the same file as the stored \(stored.pictureID.key))"
    }
    return nil
  }

  private func exhausted(_ plan: DownloadPlan, _ problems: [String]) -> Result {
    if !plan.image.wp {
      return .skipped(.notForWallpapers(problems: problems))
    }
    return .failed(DownloadError.unusable(key: plan.image.key, problems: problems), temporary: false)
  }
}
