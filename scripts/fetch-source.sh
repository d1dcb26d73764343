#!/usr/bin/env bash
# Obtain GDB's source (16.3, or GDB_VERSION: 17.2) and record it as the
# pristine commit of the GDB repository that the rest of the build works
# from.
#
# Usage: fetch-source.sh BUILD_DIR
#
# Default: Debian's source package gdb 16.3-1 (from trixie; for 17.2,
# gdb 17.2-1 from sid), fetched with apt-get source through a private
# deb-src list derived from this machine's own Debian mirror, and
# checked against a known SHA-256.  GDB_SRC=PATH overrides this with a
# GDB tarball or unpacked tree of that version.
#
# Result: BUILD_DIR/gdb.git, a bare repository whose tag "pristine" is
# that GDB exactly as released.
set -euo pipefail

build=$(realpath -m "$1")
repo=$build/gdb.git
dl=$build/download
gdb_version=${GDB_VERSION:-16.3}
case $gdb_version in
  16.3)
    want_sha=99c11713693d81d5463733c29333f2c06c358b730c911b2438a849b26ca4b6b6
    debian_suite=trixie
    release_date=2025-04-20 ;;
  17.2)
    want_sha=2cfc67d22a373fe6f74b63e98dfb4cb28afe50543fbaa2fad532c2d8289d7821
    debian_suite=sid
    release_date=2026-01-01 ;;
  *)
    echo "fetch-source: error: GDB_VERSION=$gdb_version: only 16.3 and 17.2 are known" >&2
    exit 1 ;;
esac
debian_version=$gdb_version-1

die () { echo "fetch-source: error: $*" >&2; exit 1; }

# Print the URI of this machine's main Debian archive, read from its apt
# sources (deb822 .sources files or one-line sources.list entries).
debian_mirror () {
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -r "$f" ] || continue
    awk '
      BEGIN { RS = ""; FS = "\n" }
      {
        uri = ""; deb = 0; main = 0
        for (i = 1; i <= NF; i++) {
          if ($i ~ /^Types:.*(^|[ \t])deb([ \t]|$)/) deb = 1
          if ($i ~ /^URIs:/) { split ($i, a, /[ \t]+/); uri = a[2] }
          if ($i ~ /^Components:.*main/) main = 1
        }
        if (deb && main && uri != "" && uri !~ /security/) { print uri; exit }
      }' "$f"
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -r "$f" ] || continue
    awk '$1 == "deb" && / main/ {
           for (i = 2; i <= NF; i++) if ($i !~ /^\[/) { u = $i; break }
           if (u !~ /security/ && u ~ /debian/) { print u; exit }
         }' "$f"
  done
}

# Download Debian's gdb source package into $dl; print the tarball path.
fetch_debian () {
  command -v apt-get >/dev/null || die "no apt-get here; set GDB_SRC to a gdb-$gdb_version tarball or tree"
  local mirror
  mirror=$(debian_mirror | head -n 1)
  [ -n "$mirror" ] || die "could not find a Debian mirror in /etc/apt; set GDB_SRC to a gdb-$gdb_version tarball or tree"
  local apt=$dl/apt
  mkdir -p "$apt/parts" "$apt/lists/partial" "$apt/cache/archives/partial"
  : > "$apt/empty.list"
  cat > "$apt/parts/gdb-src.sources" <<SRC
Types: deb-src
URIs: $mirror
Suites: $debian_suite
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  local opts=(-o Dir::Etc::SourceList="$apt/empty.list"
              -o Dir::Etc::SourceParts="$apt/parts"
              -o Dir::State::Lists="$apt/lists"
              -o Dir::Cache="$apt/cache"
              -o APT::Sandbox::User=root)
  echo "fetch-source: downloading gdb=$debian_version source from $mirror ($debian_suite)" >&2
  apt-get -qq "${opts[@]}" update >&2 \
    || die "apt-get update of the $debian_suite deb-src list failed"
  (cd "$dl" && apt-get -qq "${opts[@]}" source --download-only "gdb=$debian_version" >&2) \
    || die "apt-get source --download-only gdb=$debian_version failed"
  local tarball=$dl/gdb_$gdb_version.orig.tar.xz
  [ -f "$tarball" ] || die "$tarball was not downloaded"
  local sha
  sha=$(sha256sum "$tarball" | cut -d' ' -f1)
  [ "$sha" = "$want_sha" ] || die "bad SHA-256 for $tarball: $sha (expected $want_sha)"
  echo "$tarball"
}

mkdir -p "$dl"
rm -rf "$dl/tree"
mkdir -p "$dl/tree"
if [ -n "${GDB_SRC:-}" ]; then
  src=$(realpath -e "$GDB_SRC") || die "GDB_SRC=$GDB_SRC does not exist"
  if [ -d "$src" ]; then
    top=$src
  else
    echo "fetch-source: unpacking $src" >&2
    tar -xf "$src" -C "$dl/tree" || die "cannot unpack $src"
    top=$(find "$dl/tree" -mindepth 1 -maxdepth 1 -type d | head -n 1)
  fi
else
  tarball=$(fetch_debian)
  echo "fetch-source: unpacking $tarball" >&2
  tar -xf "$tarball" -C "$dl/tree"
  top=$(find "$dl/tree" -mindepth 1 -maxdepth 1 -type d | head -n 1)
fi
[ -n "$top" ] && [ -f "$top/gdb/version.in" ] \
  || die "no gdb/version.in in the source: not a GDB tree"
version=$(cat "$top/gdb/version.in")
[ "$version" = "$gdb_version" ] \
  || die "the source is GDB $version, not $gdb_version"

# Record the tree as one commit with fixed dates, so that its hash
# depends only on the content.
echo "fetch-source: recording the pristine tree" >&2
rm -rf "$repo"
git init -q --bare "$repo"
export GIT_DIR=$repo GIT_WORK_TREE=$top
export GIT_AUTHOR_NAME="GDB release" GIT_AUTHOR_EMAIL="gdb@sourceware.org"
export GIT_COMMITTER_NAME="GDB release" GIT_COMMITTER_EMAIL="gdb@sourceware.org"
export GIT_AUTHOR_DATE="${release_date}T00:00:00Z" GIT_COMMITTER_DATE="${release_date}T00:00:00Z"
git config core.autocrlf false
git config gc.auto 0
git add -A -f .
git commit -q -m "GDB $gdb_version, as released"
git tag pristine
unset GIT_DIR GIT_WORK_TREE
rm -rf "$dl/tree"
echo "fetch-source: GDB $gdb_version recorded in $repo (tag pristine)" >&2
