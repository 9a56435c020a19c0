#!/usr/bin/env bash
# Installs Debian packages that are not installed yet, without recommended extras. The Dockerfile's
# runtime stage installs ffmpeg with it, and .ci/prod-smoke.sh makes sure of ffmpeg with it too.
# APT_CLEAN=1 removes apt's lists afterwards (an image layer keeps no cache).
# Usage: .ci/apt-install.sh PACKAGE...
set -euo pipefail
missing=()
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
    missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "apt-install: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ "${APT_CLEAN:-0}" = 1 ]; then
  apt-get clean
  rm -rf /var/lib/apt/lists/*
fi
