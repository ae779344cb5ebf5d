#!/bin/sh
# strip.sh BINARY OUT: the release binary as dist and deb ship it, without symbols or debug
# information, and the same bytes from two clones of one commit in two folders. What differs
# between such builds is the Swift modules' hashes (`.swift_modhash`, read only by a debugger)
# and the build id the linker computed over them: the hashes are zeroed and the build id made
# again as the SHA-1 of the file with it zeroed. (Removing the section instead would lose the
# binary's RELRO segment: objcopy cannot lay the segment out again.)
set -eu
binary=$1
out=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

strip --strip-all --remove-section=.comment -o "$out" "$binary"
size=$(readelf -SW "$out" | awk '$2 == ".swift_modhash" { print $6 }')
if [ -n "$size" ]; then
  head -c "$((0x$size))" /dev/zero > "$scratch/zeros"
  objcopy --update-section .swift_modhash="$scratch/zeros" "$out"
fi
# The note: name size 4, descriptor size 20, type 3 (NT_GNU_BUILD_ID), "GNU\0", the id.
note() { python3 -c 'import struct, sys; sys.stdout.buffer.write(struct.pack("<III", 4, 20, 3) + b"GNU\0" + bytes.fromhex(sys.argv[1]))' "$1"; }
note 0000000000000000000000000000000000000000 > "$scratch/note"
objcopy --update-section .note.gnu.build-id="$scratch/note" "$out"
note "$(sha1sum < "$out" | cut -c1-40)" > "$scratch/note"
objcopy --update-section .note.gnu.build-id="$scratch/note" "$out"
