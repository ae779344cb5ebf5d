import BingWallBing
import BingWallModel
import BingWallNet
import BingWallStore
import BingWallSystem
import FoundationEssentials

/// One picture to download, from whichever source: the files to try in order, what each must
/// be, and what the one kept becomes (a picture with its appearances, a lost file's replacement,
/// or a stored picture's portrait file). Bing's, every other source's and `doctor --fix`'s
/// pictures are plans alike, fetched and kept by one `PictureDownloader`.
struct DownloadPlan {
  /// What the kept file becomes.
  enum Role: Equatable {
    /// A picture of its own, recorded with the plan's appearances (or one more appearance of the
    /// same bytes stored already).
    case picture
    /// The file of stored picture `rowID`, lost or damaged (`doctor --fix`).
    case replacing(rowID: Int64)
    /// The portrait file of stored picture `rowID`: taller than wide, kept as its rendition.
    case portrait(of: Int64)
  }

  var id: PictureID
  /// The picture's title, for the progress line.
  var title: String
  /// The readable part of the file's name (`PictureFileName`).
  var fileName: String
  /// The day the file is named by.
  var date: CalendarDate
  var appearances: [Appearance]
  /// In order: the first file whose every check passes is kept.
  var candidates: [DownloadCandidate]
  /// What the picture's source asks every request to send (a User-Agent).
  var headers: [String: String] = [:]
  var role = Role.picture
  /// A PNG is made into a JPEG (the other sources); Bing serves JPEG only, so a PNG from it is
  /// a wrong file.
  var acceptsPNG: Bool
  /// Bing's `wp:false` day: every size refused is a skip (the picture is not for wallpapers),
  /// not a failure.
  var notForWallpapers = false

  /// The row a file of this plan is recorded by, its path still empty; named by `resolution`,
  /// else by its pixels.
  func record(sha256: String, bytes: Int64, width: Int, height: Int, resolution: Resolution?)
    -> NewPictureFile
  {
    var record = NewPictureFile(
      key: id.key, sha256: sha256, path: "",
      resolution: resolution ?? Resolution(stored: "\(width)x\(height)"),
      width: width, height: height, bytes: bytes)
    record.source = id.source
    return record
  }

  /// Bing's own placeholder tells apply: a redirect to another picture's `id`, and the same bytes
  /// as another key of Bing's. The same bytes from two other sources are one photograph.
  var checksBingPlaceholders: Bool { id.source == .bing }
}

/// One file to try for a plan.
struct DownloadCandidate {
  var url: String
  /// The size the URL asks for, which names the file; nil when the URL names none, and the file
  /// is named by the size it turns out to have.
  var resolution: Resolution?
}

extension DownloadPlan {
  /// A picture of Bing's archive, at the configured size first, then the fallback. A `wp:false`
  /// day starts at the fallback, since Bing's larger sizes are missing or placeholders then
  /// (docs/bing-endpoint.md).
  init(bing image: ArchiveImage, appearances: [Appearance], preferred: Resolution, endpoint: String) {
    var sizes = [preferred, Resolution.fallback]
    if !image.wp, preferred == Resolution.preferred { sizes = [Resolution.fallback] }
    self.init(
      id: .bing(image.key), title: image.title, fileName: image.name,
      date: appearances.first?.date ?? image.date, appearances: appearances,
      candidates: sizes.uniqued().map {
        DownloadCandidate(
          url: ImageURL.url(endpoint: endpoint, urlbase: image.urlbase, resolution: $0), resolution: $0)
      },
      acceptsPNG: false, notForWallpapers: !image.wp)
  }

  /// Bing's portrait file (`{urlbase}_1080x1920.jpg`) of stored picture `rowID`.
  init(bingPortraitOf image: ArchiveImage, rowID: Int64, endpoint: String) {
    self.init(bing: image, appearances: [], preferred: .portrait, endpoint: endpoint)
    candidates = [candidates[0]]
    role = .portrait(of: rowID)
    notForWallpapers = false
  }

  /// A picture another source offers, as `appearance` shows it.
  init(_ picture: SourcePicture, appearance: Appearance, headers: [String: String]) {
    self.init(
      id: picture.id, title: picture.words.title,
      fileName: "\(picture.id.source.rawValue)-\(picture.words.title.prefix(60))", date: appearance.date,
      appearances: [appearance], candidates: [DownloadCandidate(url: picture.image.text, resolution: nil)],
      headers: headers, acceptsPNG: true)
  }

  /// The portrait file a source offers (`url`, Spotlight's 1080×1920) of stored picture `stored`.
  init(portrait url: RemoteURL, of stored: Picture, headers: [String: String]) {
    self.init(
      id: stored.id, title: "portrait",
      fileName: "\(stored.id.source.rawValue)-\(stored.displayTitle.prefix(60))", date: stored.date,
      appearances: [], candidates: [DownloadCandidate(url: url.text, resolution: nil)], headers: headers,
      role: .portrait(of: stored.rowID), acceptsPNG: true)
  }
}
