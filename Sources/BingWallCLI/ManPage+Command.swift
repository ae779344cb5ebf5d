/// PROGRAM-COMMAND(1): one command as git documents each of its own, with its subcommands in
/// the same page.
extension ManPage {
  package static func commandPage(_ command: CommandSpec, program: Program) -> String {
    var page = Page()
    let name = program.pageName(command)
    header(&page, name: name, section: 1, summary: summary(command.abstract), program: program)

    page.macro("Sh SYNOPSIS")
    let leaves =
      command.visibleSubcommands.isEmpty
      ? [(command, [command.name])] : command.visibleSubcommands.map { ($0, [command.name, $0.name]) }
    for (leaf, path) in leaves {
      page.macro("Nm \(program.name)")
      page.macro(path.map { "Cm \($0)" }.joined(separator: " "))
      for item in synopsisItems(of: leaf) { page.macro(item) }
    }

    page.macro("Sh DESCRIPTION")
    var opening = command.abstract
    if !command.aliases.isEmpty {
      opening +=
        " Also called " + command.aliases.map { "'\(program.name) \($0)'" }.joined(separator: ", ") + "."
    }
    page.text(opening)
    let account = command.reference.isEmpty ? command.discussion : command.reference
    if !account.isEmpty { page.prose(account) }

    if !command.visibleSubcommands.isEmpty {
      page.macro("Sh COMMANDS")
      page.macro("Bl -tag -width Ds")
      for child in command.visibleSubcommands {
        page.macro("It Cm \(child.name)")
        page.text(child.abstract)
        let detail = child.reference.isEmpty ? child.discussion : child.reference
        if !detail.isEmpty { page.prose(detail) }
        if !child.arguments.isEmpty || !child.options.isEmpty {
          page.macro("Bl -tag -width Ds")
          arguments(&page, child, program)
          for option in child.options { page.option(option, program) }
          page.macro("El")
        }
      }
      page.macro("El")
    }

    page.macro("Sh OPTIONS")
    if !command.arguments.isEmpty || !command.options.isEmpty {
      page.macro("Bl -tag -width Ds")
      arguments(&page, command, program)
      for option in command.options { page.option(option, program) }
      page.macro("El")
    }
    page.prose(program.sharedOptions)

    examples(&page, command.examples)
    seeAlso(&page, program.references(command))
    return page.text
  }

  /// The synopsis after the command words, one macro line each: `Op Fl m Ar market`.
  static func synopsisItems(of command: CommandSpec) -> [String] {
    var items: [String] = []
    for option in command.options {
      var item = "Fl " + (option.short.map { String($0) } ?? "-" + option.long)
      if let valueName = option.valueName { item += " Ar \(valueName)" }
      items.append("Op \(item)")
    }
    for argument in command.arguments {
      let item = "Ar \(argument.name)" + (argument.variadic ? " ..." : "")
      items.append(argument.optional ? "Op \(item)" : item)
    }
    return items
  }

  /// The arguments as list items, inside an open list.
  static func arguments(_ page: inout Page, _ command: CommandSpec, _ program: Program) {
    for argument in command.arguments {
      page.macro("It Ar \(argument.name)" + (argument.variadic ? " ..." : ""))
      page.text(argument.help + valuesNote(argument.kind, program))
    }
  }
}
