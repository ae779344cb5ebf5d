import BingWallSystem

extension DoctorChecks {
  /// The screens' pictures' folder (`$XDG_CACHE_HOME/bingwall/screens`): a file that is not one
  /// bingwall makes there — a temporary file left by a kill, anything else put there — is a
  /// stray, and `--fix` removes it. A warning, never a failure: it is a cache, and the made
  /// files themselves are remade whenever they are needed.
  func checkScreens(_ state: inout State) {
    let folder = state.resources.screenPictures.folder
    guard let listing = try? FolderListing.read(folder, in: state.resources.context.fileSystem) else {
      return
    }
    for name in listing.names where ScreenPictures.sourceStem(ofMade: name) == nil {
      let path = listing.path + "/" + name
      let temporary = name.hasPrefix(".bingwall-")
      var finding = DoctorFinding(
        .screens, .warning, subject: path,
        message: temporary
          ? "is a temporary file left by a picture made for a screen that was stopped"
          : "is not a picture bingwall made for a screen",
        advice: "run 'bingwall doctor --fix' to remove it; this folder is bingwall's cache")
      finding.action = .remove(path: path)
      state.findings.append(finding)
    }
  }
}
