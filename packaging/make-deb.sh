#!/bin/sh
# make-deb.sh BINARY VERSION STAGE OUT: build bingwall_VERSION_amd64.deb in OUT from the release
# BINARY, assembling its tree in STAGE. `make deb` runs it; SOURCE_DATE_EPOCH (which make sets
# from the commit) dates the man page, the changelog and every file.
#
# A real Debian package without debhelper: Depends from what the binary links, as
# dpkg-shlibdeps reads it; Recommends the libraries bingwall opens with dlopen at first use (so
# it starts and lists without them); Suggests the desktop tools its backends drive. No
# maintainer scripts: starting at login stays the user's choice (`bingwall autostart enable`), and
# hicolor-icon-theme's trigger on /usr/share/icons/hicolor remakes the icon cache.
set -eu

binary=$1
version=$2
stage=$3
out=$4
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
: "${SOURCE_DATE_EPOCH:?make sets it}"
maintainer=${DEB_MAINTAINER:-"bingwall developers <bingwall@users.noreply.github.com>"}

rm -rf "$stage"
mkdir -p "$stage" "$out"
stage=$(cd "$stage" && pwd)
root=$stage/root
doc=$root/usr/share/doc/bingwall
mkdir -p "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$root/usr/share/man/man5" \
  "$root/usr/share/man/man7" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d" "$doc" "$out"

"$here/strip.sh" "$binary" "$root/usr/bin/bingwall"
# Every page of the manual, each in the folder of its section (bingwall.conf.5 in man5),
# gzipped without a name or time so that the same commit gives the same bytes.
for page in $("$root/usr/bin/bingwall" __man --list); do
  "$root/usr/bin/bingwall" __man "$page" | gzip -9n > "$root/usr/share/man/man${page##*.}/$page.gz"
done
cp "$top/completions/bingwall.bash" "$root/usr/share/bash-completion/completions/bingwall"
cp "$top/completions/_bingwall" "$root/usr/share/zsh/vendor-completions/_bingwall"
cp "$top/completions/bingwall.fish" "$root/usr/share/fish/vendor_completions.d/bingwall.fish"
# The panel icon, every size of it, at the same paths under /usr/share as under data/.
(cd "$top/data" && find icons -type f) | while read -r icon; do
  install -D -m 0644 "$top/data/$icon" "$root/usr/share/$icon"
done
cp "$here/copyright" "$doc/copyright"
sed -e "s/@VERSION@/$version/" -e "s/@MAINTAINER@/$maintainer/" \
  -e "s/@DATE@/$(date -u -R -d "@$SOURCE_DATE_EPOCH")/" "$here/changelog.in" | gzip -9n > "$doc/changelog.gz"

# Depends: dpkg-shlibdeps wants a debian/control to read, which a package without a source
# package does not have; a two-stanza one in a scratch folder stands in.
mkdir -p "$stage/shlibs/debian"
printf 'Source: bingwall\n\nPackage: bingwall\nArchitecture: amd64\n' > "$stage/shlibs/debian/control"
depends=$(cd "$stage/shlibs" && dpkg-shlibdeps -O "-e$root/usr/bin/bingwall" 2>/dev/null |
  sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make-deb.sh: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

find "$root" -type d -exec chmod 0755 {} +
find "$root" -type f -exec chmod 0644 {} +
chmod 0755 "$root/usr/bin/bingwall"
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum > DEBIAN/md5sums)
chmod 0644 "$root/DEBIAN/md5sums"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@MAINTAINER@/$maintainer/" -e "s/@SIZE@/$size/" \
  -e "s/@DEPENDS@/$depends/" "$here/control.in" > "$root/DEBIAN/control"
chmod 0644 "$root/DEBIAN/control"
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

deb=$out/bingwall_${version}_amd64.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" > /dev/null
echo "make deb: $deb"
