#!/bin/sh
# Installs every Debian 12 package the project needs to build and test.
# Safe to run again: apt-get skips what is already installed.
set -e
PKGS="clang-19 libclang-19-dev llvm-19-dev llvm-19-tools libomp-19-dev libclang-rt-19-dev \
      mpich libmpich-dev meson ninja-build pkg-config cmake python3 make"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO=sudo
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -q
    $SUDO apt-get install -y -q --no-install-recommends $missing
fi
