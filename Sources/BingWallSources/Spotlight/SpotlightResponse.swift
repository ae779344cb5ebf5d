import BingWallModel
import BingWallSystem

/// Windows Spotlight's answer: the photographs it offers now, in its order, and the items set
/// aside (promotions, unusable ones).
///
/// Both APIs answer `{"batchrsp":{"items":[{"item":"<JSON text>"}, …]}}`: each item is a JSON
/// string to parse a second time, whose `ad` holds the picture. The body has no date: Spotlight
/// is a rotation, not a picture of the day, so `SourcePicture.date` is nil and the caller records
/// the day it first fetched each picture.
struct SpotlightResponse: Sendable, Equatable {
  /// Which API answered; their items differ.
  enum Version: Sendable, Equatable {
    /// `fd.api.iris.microsoft.com/v4/api/selection`: `landscapeImage.asset`, `iconHoverText`, …
    case v4
    /// `arc.msn.com/v3/Delivery/Placement`: `image_fullscreen_001_landscape.u`, `title_text.tx`, …
    case v3
  }

  /// An item not made into a picture.
  struct Skipped: Sendable, Equatable {
    /// Its place in `batchrsp.items`, from 0.
    var index: Int
    var reason: Reason
  }

  /// Why an item was set aside.
  enum Reason: Sendable, Equatable {
    /// An advertisement rather than a photograph (`SpotlightResponse.isPromotion`), with its
    /// title.
    case promotion(title: String)
    /// The item could not be read.
    case unusable(SourceError)
    /// The same picture (by id) as an item before it: the API repeats itself across a body.
    case repeated
  }

  var pictures: [SourcePicture]
  var skipped: [Skipped]
  /// Items listed beyond `maximumItems`, which were not looked at.
  var ignoredItems: Int

  /// The most items read from one body: v4 answers at most 4 (`bcnt`), v3 3 or 4.
  static let maximumItems = 8
  /// What every Spotlight picture may be used for: they belong to stock agencies (Getty Images,
  /// Adobe Stock), licensed to Microsoft for Windows.
  static let licence = "personal use only"

  /// The pictures of a whole body. Refused, with its `SourceError`, when it is not JSON, not of
  /// the shape above, says "No ad available", lists nothing, or lists no usable photograph; a
  /// single unusable item or promotion is set aside in `skipped`.
  static func decode(
    _ body: some Collection<UInt8>, version: Version, policy: RemoteURL.Policy, limit: WorkLimit = .none
  ) throws(SourceError) -> SpotlightResponse {
    let root: JSONValue
    do {
      root = try SourceBody.json(body, source: .spotlight, limit: limit)
    } catch {
      if case .overTime = error { throw error }
      if let message = noAdText(body) { throw .noPicture(.spotlight, .noAd(message: message)) }
      throw error
    }
    let fields = try JSONFields(root, path: "", source: .spotlight)
    guard let batch = try fields.object("batchrsp") else { throw .missingField(.spotlight, path: "batchrsp") }
    let items = try batch.list("items") ?? []
    guard !items.isEmpty else {
      if let message = try errorMessage(batch) { throw .noPicture(.spotlight, .noAd(message: message)) }
      throw .noPicture(.spotlight, .noItems)
    }
    var response = SpotlightResponse(
      pictures: [], skipped: [], ignoredItems: max(0, items.count - maximumItems))
    for (index, item) in items.prefix(maximumItems).enumerated() {
      try SourceBody.check(limit, source: .spotlight)
      do {
        let (fields, ad) = try itemFields(item, path: "batchrsp.items[\(index)]", limit: limit)
        if let title = try promotionTitle(ad, version: version) {
          response.skipped.append(Skipped(index: index, reason: .promotion(title: title)))
          continue
        }
        let picture = try picture(fields, ad, version: version, policy: policy)
        guard !response.pictures.contains(where: { $0.id == picture.id }) else {
          response.skipped.append(Skipped(index: index, reason: .repeated))
          continue
        }
        response.pictures.append(picture)
      } catch {
        // Out of time is the whole body's failure, not this item's.
        if case .overTime = error { throw error }
        response.skipped.append(Skipped(index: index, reason: .unusable(error)))
      }
    }
    guard !response.pictures.isEmpty else {
      let promotions = response.skipped.filter { if case .promotion = $0.reason { true } else { false } }
        .count
      let unusable = response.skipped.compactMap {
        if case .unusable(let error) = $0.reason { error } else { nil }
      }
      throw .noPicture(.spotlight, .noPhotograph(promotions: promotions, unusable: unusable))
    }
    return response
  }

  /// The JSON text of one item, read, and its `ad` object, with paths that say where they came
  /// from.
  static func itemFields(_ item: JSONValue, path: String, limit: WorkLimit = .none) throws(SourceError) -> (
    item: JSONFields, ad: JSONFields
  ) {
    let wrapper = try JSONFields(item, path: path, source: .spotlight)
    let text = try wrapper.requiredString("item")
    let inner: JSONValue
    do {
      inner = try SourceBody.json(Array(text.utf8), source: .spotlight, limit: limit)
    } catch {
      guard case .notJSON(_, let detail) = error else { throw error }
      throw .nestedNotJSON(.spotlight, path: wrapper.path("item"), detail: detail)
    }
    let item = try JSONFields(inner, path: wrapper.path("item"), source: .spotlight)
    guard let ad = try item.object("ad") else { throw .missingField(.spotlight, path: item.path("ad")) }
    return (item, ad)
  }

  /// One item's picture.
  static func picture(_ item: JSONFields, _ ad: JSONFields, version: Version, policy: RemoteURL.Policy)
    throws(SourceError) -> SourcePicture
  {
    switch version {
    case .v4: try pictureV4(item, ad, policy: policy)
    case .v3: try pictureV3(item, ad, policy: policy)
    }
  }

  /// v4: `landscapeImage.asset`, `portraitImage.asset`, `iconHoverText` ("place\r\n© credit\r\n
  /// Right-click to learn more"), `title` (a teaser), `description`, `copyright`, `ctaUri`,
  /// `entityId`.
  static func pictureV4(_ item: JSONFields, _ ad: JSONFields, policy: RemoteURL.Policy) throws(SourceError)
    -> SourcePicture
  {
    guard let landscape = try ad.object("landscapeImage") else {
      throw .missingField(.spotlight, path: ad.path("landscapeImage"))
    }
    let image = try landscape.requiredURL("asset", policy: policy)
    let portrait = try ad.object("portraitImage")?.url("asset", policy: policy)
    let hover = lines(try ad.string("iconHoverText") ?? "")
    let teaser = TerminalText.singleLine(try ad.string("title") ?? "")
    let place = hover.first ?? ""
    let copyright = TerminalText.singleLine(try ad.string("copyright") ?? (hover.count > 1 ? hover[1] : ""))
    // The item's own id; `prm._id` is the same number, and stands in when `entityId` is missing.
    let key: String
    if let entityId = try ad.string("entityId") { key = entityId } else { key = try idOfPrm(item) }
    let page = try link(ad.string("ctaUri"), policy: policy)
    return SourcePicture(
      id: PictureID(source: .spotlight, key: try checkedKey(key, path: ad.path("entityId"))), date: nil,
      words: PictureWords(
        title: place.isEmpty ? teaser : place, caption: place.isEmpty ? "" : teaser,
        credit: credit(copyright),
        copyright: copyright, copyrightLink: page),
      description: TerminalText.singleLine(try ad.string("description") ?? ""), licence: licence,
      licenceLink: nil, image: image, portrait: portrait, page: page)
  }

  /// v3: `image_fullscreen_00N_landscape` / `_portrait` `{w,h,u,sha256,fileSize}` (the first that
  /// is not a placeholder), `title_text.tx`, `copyright_text.tx`, `title_destination_url.u`,
  /// `prm._id` (`WW_<id>_<LOCALE>`).
  static func pictureV3(_ item: JSONFields, _ ad: JSONFields, policy: RemoteURL.Policy) throws(SourceError)
    -> SourcePicture
  {
    var chosen: (image: RemoteURL, portrait: RemoteURL?)?
    for number in 1...4 where chosen == nil {
      let name = "image_fullscreen_00\(number)"
      guard let landscape = try ad.object("\(name)_landscape"),
        let image = try landscape.url("u", policy: policy), !isPlaceholder(image)
      else { continue }
      let portrait = try ad.object("\(name)_portrait")?.url("u", policy: policy)
      chosen = (image, portrait.flatMap { isPlaceholder($0) ? nil : $0 })
    }
    guard let chosen else {
      throw .missingField(.spotlight, path: ad.path("image_fullscreen_001_landscape.u"))
    }
    let title = TerminalText.singleLine(try ad.object("title_text")?.string("tx") ?? "")
    let copyright = TerminalText.singleLine(try ad.object("copyright_text")?.string("tx") ?? "")
    let page = try link(ad.object("title_destination_url")?.string("u"), policy: policy)
    let key = try idOfPrm(item)
    return SourcePicture(
      id: PictureID(source: .spotlight, key: try checkedKey(key, path: item.path("prm._id"))), date: nil,
      words: PictureWords(
        title: title, caption: "", credit: credit(copyright), copyright: copyright,
        copyrightLink: page),
      description: "", licence: licence, licenceLink: nil, image: chosen.image, portrait: chosen.portrait,
      page: page)
  }

  /// The title of an item that is a promotion rather than a photograph; nil for a photograph.
  ///
  /// The rule, true of every item in the captured bodies: a photograph's links all open a page
  /// of Bing about the picture (`microsoft-edge:https://www.bing.com/search?q=…`, `…/spotlight?
  /// spotlightid=…`, `…/images/search?…`); a promotion links to a product instead. The v3 sample's
  /// promotion, "Microsoft Search in Bing helps you collaborate better…", sends each of its hot
  /// spots to `http://work.bing.com/onramp`, while its picture is a photograph of Seattle of the
  /// same size as the others' (1920×1080), so the size of the picture tells nothing. v4 items
  /// link through `ctaUri`; v3 items through their hot spots `hs1`…`hs9`
  /// (`hsN_destination_url.u`). An item without links is a photograph.
  static func promotionTitle(_ ad: JSONFields, version: Version) throws(SourceError) -> String? {
    var links: [String] = []
    var title = ""
    switch version {
    case .v4:
      if let cta = try ad.string("ctaUri") { links.append(cta) }
      title = try ad.string("title") ?? ""
    case .v3:
      for number in 1...9 {
        if let link = try ad.object("hs\(number)_destination_url")?.string("u") { links.append(link) }
        if number == 1 { title = try ad.object("hs1_title_text")?.string("tx") ?? "" }
      }
    }
    guard links.contains(where: { !isBingPage($0) }) else { return nil }
    return TerminalText.singleLine(title)
  }

  /// Whether a link opens a page of `www.bing.com` (or `bing.com`), in Edge or not.
  static func isBingPage(_ link: String) -> Bool {
    guard let host = host(ofLink: link) else { return false }
    return host == "www.bing.com" || host == "bing.com"
  }

  /// The host a link names, lower-cased, its `microsoft-edge:` prefix taken off; nil when it is
  /// not `scheme://host…`.
  static func host(ofLink link: String) -> String? {
    var text = Substring(link)
    if text.lowercased().hasPrefix(edgePrefix) { text = text.dropFirst(edgePrefix.count) }
    guard let separator = text.firstRange(of: "://") else { return nil }
    let authority = text[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let host = authority.split(separator: "@").last?.split(separator: ":").first ?? ""
    return host.isEmpty ? nil : host.lowercased()
  }

  /// The prefix of a link Windows opens in Edge: `microsoft-edge:https://www.bing.com/…`.
  static let edgePrefix = "microsoft-edge:"

  /// The web page a link opens, checked; nil when there is none or it is not an URL bingwall
  /// shows (a page is a courtesy, so a bad one costs the link, not the picture).
  static func link(_ text: String?, policy: RemoteURL.Policy) -> RemoteURL? {
    guard var text else { return nil }
    if text.lowercased().hasPrefix(edgePrefix) { text = String(text.dropFirst(edgePrefix.count)) }
    return try? RemoteURL(checking: text, policy: policy)
  }

  /// The item's `prm._id`, which must be there.
  static func idOfPrm(_ item: JSONFields) throws(SourceError) -> String {
    guard let prm = try item.object("prm") else {
      throw .missingField(.spotlight, path: item.path("prm._id"))
    }
    return try prm.requiredString("_id")
  }

  /// A v3 placeholder picture: `…_empty.jpg`, 736 bytes, in the slots after the first.
  static func isPlaceholder(_ url: RemoteURL) -> Bool {
    let path = url.text.split(separator: "?").first ?? ""
    let name = path.split(separator: "/").last ?? ""
    return name.hasSuffix("_empty.jpg")
  }

  /// An id as the history keeps it: not empty, at most 200 bytes, no control characters.
  static func checkedKey(_ key: String, path: String) throws(SourceError) -> String {
    guard !key.isEmpty, key.utf8.count <= 200, TerminalText.clean(key) == key, !key.contains(" ") else {
      throw .wrongType(.spotlight, path: path, expected: "an id", found: "text that is not one")
    }
    return key
  }

  /// The credit in a copyright line: "© Megan Lorenz / Adobe Stock" → "Megan Lorenz / Adobe Stock".
  static func credit(_ copyright: String) -> String {
    guard copyright.hasPrefix("©") else { return copyright }
    return TerminalText.singleLine(String(copyright.dropFirst()))
  }

  /// The non-empty lines of a text, each made one clean line.
  static func lines(_ text: String) -> [String] {
    text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).map {
      TerminalText.singleLine(String($0))
    }.filter { !$0.isEmpty }
  }

  /// `batchrsp.errors[].msg` (or `.message`) joined, when the batch explains why it has no items.
  static func errorMessage(_ batch: JSONFields) throws(SourceError) -> String? {
    guard let errors = try batch.list("errors") else { return nil }
    var messages: [String] = []
    for (index, error) in errors.prefix(4).enumerated() {
      let fields = try JSONFields(error, path: batch.path("errors[\(index)]"), source: .spotlight)
      if let message = try fields.string("msg") {
        messages.append(message)
      } else if let message = try fields.string("message") {
        messages.append(message)
      }
    }
    return messages.isEmpty ? nil : TerminalText.singleLine(messages.joined(separator: "; "))
  }

  /// The words of a body that is not JSON but says "No ad available" (what v4 answers a client
  /// it refuses), at most its first 200 characters; nil for any other body.
  static func noAdText(_ body: some Collection<UInt8>) -> String? {
    guard body.count <= 4096 else { return nil }
    let text = TerminalText.singleLine(String(decoding: Array(body), as: UTF8.self))
    guard text.lowercased().contains("no ad available") else { return nil }
    return String(text.prefix(200))
  }
}
