#!/usr/bin/env bash
# Installs what the arm64 cross build (cross/arm64-linux-gnu.ini) and its
# tests under qemu-user need, on a Debian 12 amd64 machine, when something
# is missing.  Safe to run again: it does nothing then.
#
# Debian's multiarch arm64 packages give the toolchain, qemu-aarch64-static
# and the arm64 GStreamer and ORC libraries.  Installing them brings the
# amd64 packages of the same names to the same versions (apt upgrades them),
# so this is for a machine where that is fine (CI runs it last).
#
# libgstreamer-plugins-base1.0-dev:arm64 cannot be installed beside the
# amd64 one in bookworm (their files clash), so its .deb is unpacked into a
# private root instead, /opt/pooledconvert-arm64 (outside any work tree, so
# every clone on the machine shares it; cross/arm64-linux-gnu.ini points
# pkg-config there).  In it the .pc files are made to name that root and
# the .so links to point at the arm64 libraries in /usr/lib/aarch64-linux-gnu.
set -euo pipefail
cd "$(dirname "$0")/.."

root=/opt/pooledconvert-arm64
triplet=aarch64-linux-gnu
libdir=/usr/lib/$triplet

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

if ! dpkg --print-foreign-architectures | grep -qx arm64; then
  echo "Adding the arm64 architecture to dpkg"
  $sudo dpkg --add-architecture arm64
fi

# the amd64 build dependencies and these, installed (after an apt-get
# update) when any is missing
arm64_packages=(
  crossbuild-essential-arm64 qemu-user-static
  libgstreamer1.0-dev:arm64 liborc-0.4-dev:arm64
  libgstreamer-plugins-base1.0-0:arm64
  gstreamer1.0-plugins-base:arm64 gstreamer1.0-plugins-good:arm64
  gstreamer1.0-plugins-ugly:arm64
)
PC_EXTRA_PACKAGES="${arm64_packages[*]}" scripts/install-deps.sh

# The private root, unpacked again when it is missing or was made from
# another version than the arm64 plugins-base libraries installed now.
version=$(dpkg-query -W -f='${Version}' libgstreamer-plugins-base1.0-0:arm64)
stamp=$root/.deb-version
if [ "$(cat "$stamp" 2>/dev/null)" != "$version" ]; then
  echo "Unpacking libgstreamer-plugins-base1.0-dev:arm64 $version into $root"
  $sudo apt-get update -q
  tmp=$(mktemp -d)
  # as root, apt-get fetches as the _apt user, who must be able to write
  # there
  [ "$(id -u)" -ne 0 ] || chown _apt "$tmp" 2>/dev/null || true
  (cd "$tmp" && apt-get download -q \
    "libgstreamer-plugins-base1.0-dev:arm64=$version")
  $sudo rm -rf "$root"
  $sudo mkdir -p "$root"
  $sudo dpkg-deb -x "$tmp"/libgstreamer-plugins-base1.0-dev_*_arm64.deb "$root"
  rm -rf "$tmp"
  # the .pc files' prefix=/usr would send the compiler to the amd64
  # headers and the linker to a folder without the .so links
  $sudo sed -i "s|^prefix=/usr\$|prefix=$root/usr|" \
    "$root$libdir"/pkgconfig/*.pc
  # the .so links are relative (libfoo.so -> libfoo.so.0): point them at
  # the runtime libraries that libgstreamer-plugins-base1.0-0:arm64 put in
  # /usr/lib/aarch64-linux-gnu
  for link in "$root$libdir"/*.so; do
    [ -L "$link" ] || continue
    target=$(readlink "$link")
    case "$target" in
      /*) ;;
      *) $sudo ln -sfn "$libdir/$target" "$link" ;;
    esac
  done
  echo "$version" | $sudo tee "$stamp" >/dev/null
fi
