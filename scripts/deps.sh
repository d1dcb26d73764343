#!/usr/bin/env bash
# Install the packages needed to build and test GDB with the series.
#
# As root, installs whatever is missing with apt-get.  Otherwise prints
# the one apt-get command to run and fails.  Prints nothing and succeeds
# when everything is already there.
set -euo pipefail

pkgs=(
  # Toolchain and build tools.
  gcc g++ make ccache bison flex texinfo xz-utils git ca-certificates
  dpkg-dev
  # Libraries GDB links with (system readline, ncurses for the TUI).
  libreadline-dev libncurses-dev libexpat1-dev libgmp-dev libmpfr-dev
  zlib1g-dev libzstd-dev
  # The features Debian's own gdb is built with (debian/rules of its
  # gdb 16.3-1): Python 3, debuginfod, lzma, xxhash, babeltrace, Intel
  # PT and source highlighting.
  python3-dev libdebuginfod-dev liblzma-dev libxxhash-dev
  libbabeltrace-dev libsource-highlight-dev pkgconf
  # The testsuite, and tmux for the interactive checks.
  dejagnu expect tmux python3
)

# Intel PT's library exists for x86 only, as in Debian's Build-Depends.
case "$(dpkg --print-architecture 2>/dev/null)" in
  amd64|i386|x32) pkgs+=(libipt-dev) ;;
esac

missing=()
for p in "${pkgs[@]}"; do
  if ! dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null \
       | grep -q '^install ok installed$'; then
    missing+=("$p")
  fi
done

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing build dependencies.  Install them with:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "Installing build dependencies: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "Build dependencies installed."
