import BingWallCLI
import BingWallKit
import BingWallStore
import BingWallSystem

/// `bingwall __greeter-picture [--user=NAME] [-- SELECTOR]`: hidden plumbing for `greeter set`,
/// which runs it as root. It becomes NAME for good before it opens anything, then prints the
/// picture for root to check and re-encode (`LoginScreen.readAsUser`).
enum GreeterPictureCommand {
  static let user = Option<String>(
    "user", name: "name", kind: .text, help: "Whose history, read as that user.")
  static let selector = Argument<PictureSelector>(
    "selector", kind: .selector, help: "The picture (default: latest).", optional: true)

  static let command = Command(
    spec: CommandSpec(
      name: LoginScreen.readerCommand, abstract: "Print a picture of a user's history, as that user.",
      arguments: [selector.spec], options: [user.spec], hidden: true),
    run: { invocation, context in
      let text = try LoginScreen(context: context).readAsUser(
        invocation[selector] ?? .latest, user: invocation[user])
      context.stdout.write(text)
      return ExitCode.success
    })
}
