import BingWallImage
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// The one way root gets a picture from a user's history: it never opens her files, nor decodes
/// what she gave.
///
/// Root starts bingwall again (`__greeter-picture`), which first becomes her for good (her uid,
/// gid and groups; `UserAccount.become`) and only then opens her history, read-only and defended
/// (`HistoryStore.openUntrusted`), and her picture, never through a symbolic link nor waiting on a
/// FIFO (`UntrustedFile`). A file she could not read herself (`/etc/shadow`, root's own history)
/// then fails with her permissions. Still as her, the child makes the login screen's picture from
/// hers (`ScreenPicture.plainJPEG`: decoded, bounded, encoded again as a baseline JPEG of at most
/// `pictureSide` pixels a side), and prints one line of JSON (the date, key and title, each cut to
/// `textLimit` characters) and that JPEG in base64. Root reads at most `readerOutputLimit` of it,
/// within `readerTimeout`, and believes none of it: it checks the bytes with its own inspector,
/// which decodes nothing (`PlainJPEG`), and copies them (`LoginScreen.publish`). No libvips call
/// runs in root's process.
extension LoginScreen {
  /// What root received: the picture made from hers, checked as a plain JPEG, and the words the
  /// output names it by.
  package struct UserPicture: Sendable, Equatable {
    package var date: String
    package var key: String
    package var title: String
    /// Whose history it came from.
    package var owner: String
    var jpeg: PlainJPEG
  }

  /// The hidden command the child runs.
  package static let readerCommand = "__greeter-picture"
  /// The largest picture read, hers by the child and the one made from it by root: four times
  /// Bing's largest UHD file, far below what would strain root's memory.
  static let pictureByteLimit = 32 << 20
  /// The longest side of the login screen's picture: UHD, Bing's largest, and more than a login
  /// screen shows (`ScreenPicture`'s whole picture).
  static let pictureSide = 3840
  /// The longest date, key and title passed on, in characters.
  static let textLimit = 200
  /// Ample for a history and a 32 MB file on a slow disk; a FIFO or a lock ends here.
  static let readerTimeout: Duration = .seconds(60)
  /// The JSON line (200 characters of up to 4 bytes each, escaped: well under 16 KB), the base64
  /// of the largest picture, and the two line feeds.
  static let readerOutputLimit = (16 << 10) + (pictureByteLimit + 2) / 3 * 4 + 2

  // MARK: Root's side

  /// The picture `selector` names in the history of `user` (default: the user sudo was run by,
  /// `SUDO_USER`, else the one running), read by a child running as that user.
  func picture(_ selector: PictureSelector, user: String?) throws -> UserPicture {
    var arguments = [Self.readerCommand]
    var environment = context.environment
    let owner: String
    if let name = user ?? context.environment["SUDO_USER"].flatMap({ $0.isEmpty ? nil : $0 }) {
      guard let account = UserAccount.named(name) else { throw Failure.noUser(name) }
      owner = account.name
      arguments.append("--user=" + account.name)
      // Nothing of root's environment reaches a process that becomes her.
      environment = [:]
    } else {
      owner = UserAccount.current()?.name ?? "root"
    }
    guard let executable = context.executable else {
      throw Failure.file(
        "cannot find the bingwall binary to read \(owner)'s history with (/proc/self/exe); run it from its installed path"
      )
    }
    let result = try context.processes.run(
      ProcessInvocation(
        arguments: [executable] + arguments + ["--", selector.description], environment: environment,
        timeout: Self.readerTimeout, outputLimit: Self.readerOutputLimit))
    if result.timedOut {
      throw Failure.file(
        "reading \(owner)'s history as \(owner) took over \(Self.readerTimeout.components.seconds) s (a FIFO or a locked file?); nothing changed"
      )
    }
    guard result.status == 0 else {
      // The child's own error line, which names her file; cut short and cleaned, as it is hers.
      let said = result.stderrText.split(separator: "\n").first ?? ""
      let message = String((Diagnostic.parse(said)?.text ?? said).prefix(500))
      throw Failure.file(
        message.isEmpty
          ? "reading \(owner)'s history as \(owner) failed (exit status \(result.status)); nothing changed"
          : TerminalText.clean(message))
    }
    return try Self.received(result.stdout, owner: owner)
  }

  /// What the child printed, checked: one JSON line, then a plain JPEG in base64 within the limits.
  static func received(_ output: Data, owner: String) throws -> UserPicture {
    func refused(_ reason: String) -> Failure {
      Failure.file("refusing what was read from \(owner)'s history: \(reason); nothing changed")
    }
    guard output.count < readerOutputLimit else {
      throw refused("it is larger than \(pictureByteLimit >> 20) MB")
    }
    guard let newline = output.prefix(16 << 10).firstIndex(of: 0x0A),
      case .object(let fields)? = try? JSONParser.parse(Array(output[..<newline]))
    else { throw refused("it does not start with the picture's description") }
    func text(_ name: String) -> String {
      TerminalText.clean(String((fields[name]?.stringValue ?? "").prefix(textLimit)))
    }
    var encoded = output[(newline + 1)...]
    while encoded.last == 0x0A { encoded = encoded.dropLast() }
    guard let bytes = Data(base64Encoded: encoded), bytes.count <= pictureByteLimit else {
      throw refused("its picture is not base64 of at most \(pictureByteLimit >> 20) MB")
    }
    let key = text("key")
    let jpeg: PlainJPEG
    do {
      jpeg = try PlainJPEG(checking: bytes, within: pictureSide, path: key)
    } catch {
      throw refused("the picture \(key) \(error.reason)")
    }
    return UserPicture(date: text("date"), key: key, title: text("title"), owner: owner, jpeg: jpeg)
  }

  // MARK: The child's side

  /// Runs in the child: becomes `user` (none: stays who it is, for root's own history), then
  /// reads the picture `selector` names and returns what root is to receive.
  package func readAsUser(_ selector: PictureSelector, user: String?) throws -> String {
    var paths = context.paths
    var owner = UserAccount.current()?.name ?? "root"
    if let user {
      guard let account = UserAccount.named(user) else { throw Failure.noUser(user) }
      do {
        try account.become()
      } catch {
        throw Failure.file(error.description)
      }
      paths = Paths(environment: ["HOME": account.home])
      owner = account.name
    }
    let file = paths.databaseFile
    do {
      try UntrustedFile.check(file, limit: .max)
    } catch .missing {
      throw Failure.file(
        "no bingwall history at \(file) (\(owner)'s); run 'bingwall update' as that user first")
    } catch {
      throw Failure.file("refusing \(owner)'s history \(file): it \(error.reason); nothing changed")
    }
    let picture: Picture
    do {
      picture = try HistoryStore.openUntrusted(path: file).resolve(
        selector, market: nil, at: context.clock.now())
    } catch let error as StoreError where error.isTooBig {
      throw Failure.file(
        "refusing \(owner)'s history \(file): it holds a title or caption over 1 MB, which no picture has; nothing changed"
      )
    }
    let bytes: Data
    do {
      bytes = Data(try UntrustedFile.read(picture.path, limit: Self.pictureByteLimit))
    } catch {
      throw Failure.file(
        "refusing \(picture.path) of \(owner)'s history: it \(error.reason); nothing changed")
    }
    let made: PlainJPEG
    do {
      made = try ScreenPicture.plainJPEG(from: bytes, name: picture.path, within: Self.pictureSide)
    } catch .refused(let error) {
      throw Failure.file(
        "refusing \(picture.path) of \(owner)'s history: it \(error.reason); nothing changed")
    } catch .libraryMissing(let soname, let package, let reason) {
      // Her bytes are never passed on as they are: without libvips there is no picture to publish.
      throw Failure.file(
        "cannot load \(soname) (\(reason)), with which the login screen's picture is made; install Debian's \(package) package; nothing changed"
      )
    } catch {
      throw Failure.file(
        "cannot make the login screen's picture from \(picture.path) of \(owner)'s history: \(error); nothing changed"
      )
    }
    let description = JSONOutput.object([
      ("date", .string(picture.date.description)),
      ("key", .string(String(picture.id.key.prefix(Self.textLimit)))),
      ("title", .string(String(picture.displayTitle.prefix(Self.textLimit)))),
    ])
    // Control characters are escaped in JSON strings: the only line feeds are the layout's.
    let line = description.rendered().split(separator: "\n").map { $0.trimmed() }.joined(separator: " ")
    return line + "\n" + made.bytes.base64EncodedString() + "\n"
  }
}
