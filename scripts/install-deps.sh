#!/usr/bin/env bash
# Installs what pooledconvert needs to build, test and benchmark, with apt,
# when something is missing.  Safe to run again: it does nothing then.
set -euo pipefail

packages=(
  meson ninja-build pkg-config gcc
  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev
  gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good
  gstreamer1.0-plugins-ugly
  # real encoders and decoders for the decoders suite (x265, ProRes, H.264)
  gstreamer1.0-plugins-bad gstreamer1.0-libav
  liborc-0.4-dev liborc-0.4-dev-bin
  ${PC_EXTRA_PACKAGES:-}
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
