#!/bin/sh
# strip.sh BINARY OUT: the release binary as dist and deb ship it: no symbols, no debug
# information, and none of the sections that differ between two builds of one commit in two
# folders (the Swift modules' hashes, `.swift_modhash`, which only a debugger reads, and the
# build id the linker computed over them). Two clones of a commit then give the same bytes.
set -eu
strip --strip-all --remove-section=.comment --remove-section=.note \
  --remove-section=.swift_modhash --remove-section=.note.gnu.build-id -o "$2" "$1"
