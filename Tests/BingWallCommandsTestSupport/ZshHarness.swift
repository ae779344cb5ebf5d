import BingWallTestSupport

@testable import BingWallCommands
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallSystem

/// The zsh side of `CompletionShell`: a script that types lines and TAB into a real interactive
/// zsh through a pseudo-terminal (zsh/zpty) and records every candidate completion offers.
///
/// Kept as text here, written to a temporary file by the test, because a stray script in the
/// test target would be an unhandled resource to SwiftPM.
enum ZshHarness {
  static let source = #"""
    # Completes each line given after the first two arguments in a real interactive zsh (in a zpty,
    # with compinit and the _bingwall found in folder $1) and writes what completion offered to
    # file $2: "== LINE", then one candidate per line, then "-- done".
    # Run as: zsh -f zsh-complete.zsh FOLDER OUT LINE...
    emulate -L zsh
    zmodload zsh/zpty || exit 2
    local folder=$1 out=$2 line junk
    local -a lines found
    integer count
    shift 2
    : >| $out
    zpty bw zsh -f -i || exit 2
    # The prompt is split in the command so that its echo never looks like the prompt itself.
    zpty -w bw "PS1=\"RE\"'ADY> ' PROMPT_EOL_MARK=''; unset zle_bracketed_paste; unsetopt beep auto_list auto_menu list_ambiguous"
    zpty -w bw "fpath=(${(q)folder} \$fpath); autoload -Uz compinit && compinit -u -D"
    # Every candidate passes through compadd: record it, then add it for real.
    zpty -w bw "compadd() { local -a got; builtin compadd -O got \"\$@\"; print -rl -- \$got >> ${(q)out}; builtin compadd \"\$@\"; }"
    # Tab completes, then says it has finished, so the next keys never arrive as typeahead.
    zpty -w bw "_bw_tab() { zle complete-word; print -r -- '-- done' >> ${(q)out}; }; zle -N _bw_tab; bindkey '^I' _bw_tab"
    # Waits until the shell has run everything sent so far and its line editor is ready again.
    integer step
    ready() {
      step+=1
      zpty -w bw "print -r -- SY''NC$step"
      zpty -r bw junk "*SYNC$step*READY> "
    }
    for line in "$@"; do
      zpty -w bw "print -r -- ${(q):-== $line} >> ${(q)out}"
      ready
      zpty -w -n bw "$line"$'\t'
      count+=1
      while true; do
        lines=(${(f)"$(<$out)"})
        found=(${(M)lines:#-- done})
        (( $#found >= count )) && break
        sleep 0.02
      done
      zpty -w -n bw $'\C-e\C-u'
      zpty -w bw ""
    done
    # Ask the shell to leave: a hang-up alone may be blocked in the process that started us.
    zpty -w bw "exit"
    zpty -d bw
    """#
}
