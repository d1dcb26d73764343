#!/usr/bin/env bash
# Build a Debian binary package of GDB with the series, the Debian way:
# from Debian's own source package, with the series in debian/patches.
#
# Usage: deb.sh BUILD_DIR PATCH_DIR
#
# Unpacks Debian's source package gdb 16.3-1 (which fetch-source.sh
# downloaded to BUILD_DIR/download) into BUILD_DIR/deb/gdb-16.3, adds
# the series after Debian's own patches (debian/patches/managed-tty/,
# named in debian/patches/series), adds a changelog entry for version
# 16.3-1+managedtty$DEB_LOCAL_REVISION (default 1: newer than Debian's
# 16.3-1, so apt prefers it), installs the build dependencies with
# apt-get build-dep if some are missing (as root), and builds with
#
#   dpkg-buildpackage -B -uc -us -P nodoc,pkg.gdb.nomultiarch
#   DEB_BUILD_OPTIONS="nocheck parallel=$JOBS"
#
# which makes the packages gdb and gdbserver (and gdb-dbgsym,
# gdbserver-dbgsym) in BUILD_DIR/deb.  Debian's rules build GDB twice,
# once native and once for every target (gdb-multiarch): the build
# profile pkg.gdb.nomultiarch, which this script adds to debian/rules
# and debian/control, skips the second build.  -B leaves out the
# architecture-independent packages (gdb-source, a tarball of the
# source, and gdb-minimal, an empty transitional package); nodoc skips
# the reference card (TeX); nocheck skips Debian's test run (make check
# runs the series' tests).  The package depends on the libraries of the
# machine that builds it, as dpkg-shlibdeps computes them.
set -euo pipefail

build=$(realpath -m "$1")
patches=$(realpath -e "$2")
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/lib.sh"
dl=$build/download
deb=$build/deb
tree=$deb/gdb-16.3
dsc=$dl/gdb_16.3-1.dsc
rev=${DEB_LOCAL_REVISION:-1}
version=16.3-1+managedtty$rev
profiles=nodoc,pkg.gdb.nomultiarch
jobs=${JOBS:-$(nproc)}

die () { echo "deb: error: $*" >&2; exit 1; }

command -v dpkg-buildpackage >/dev/null || die "no dpkg-buildpackage: apt-get install dpkg-dev"
[ -f "$dsc" ] || die "no $dsc: make deb needs Debian's source package (make without GDB_SRC downloads it)"

hash=$(bash "$top/scripts/pkgversion.sh" hash "$patches")
mapfile -t list < <(read_series "$patches")

echo "deb: unpacking $(basename "$dsc") into $tree"
rm -rf "$deb"
mkdir -p "$deb"
dpkg-source -x "$dsc" "$tree" > "$deb/unpack.log" 2>&1 \
  || { cat "$deb/unpack.log" >&2; die "dpkg-source -x failed"; }

# The series, after Debian's patches.  Debian's source has no GFDL
# manual (gdb/doc/gdb.texinfo is a one-byte stub, and Debian builds no
# manual from it), so the series' gdb/doc hunks are left out, as
# apply-series.sh does, and a patch with nothing else is left out.
mkdir -p "$tree/debian/patches/managed-tty"
used=() nodoc=()
for p in "${list[@]}"; do
  mkdir -p "$(dirname "$tree/debian/patches/managed-tty/$p")"
  awk '/^diff --git / { skip = ($3 ~ /^a\/gdb\/doc\//) } !skip' "$patches/$p" \
    > "$tree/debian/patches/managed-tty/$p"
  if ! grep -q '^diff --git ' "$tree/debian/patches/managed-tty/$p"; then
    rm "$tree/debian/patches/managed-tty/$p"
    nodoc+=("$p")
    continue
  fi
  cmp -s "$patches/$p" "$tree/debian/patches/managed-tty/$p" || nodoc+=("$p")
  used+=("$p")
  echo "managed-tty/$p" >> "$tree/debian/patches/series"
done

# The build profile pkg.gdb.nomultiarch: Build-Profiles for
# gdb-multiarch in debian/control and in its template control.in (the
# same hunk), and debian/rules builds the default variant only.
nomultiarch_diff () {
  local f
  for f in control control.in; do
    printf -- '--- a/debian/%s\n+++ b/debian/%s\n' "$f" "$f"
    cat <<'DIFF'
@@ -66,6 +66,7 @@
 
 Package: gdb-multiarch
 Architecture: any
+Build-Profiles: <!pkg.gdb.nomultiarch>
 Depends: gdb (= ${binary:Version}), ${misc:Depends}, ${shlibs:Depends}
 Description: GNU Debugger (with support for multiple architectures)
  GDB is a source-level debugger, capable of breaking programs at
DIFF
  done
  cat <<'DIFF'
--- a/debian/rules
+++ b/debian/rules
@@ -146,7 +146,13 @@
 
 # ---------- configure options, for all variants ----------
 
-variants = default multiarch
+# Build profile pkg.gdb.nomultiarch: build the default variant only, and
+# not gdb-multiarch (a second, longer build of GDB with every target).
+ifneq (,$(filter pkg.gdb.nomultiarch, $(DEB_BUILD_PROFILES)))
+  variants = default
+else
+  variants = default multiarch
+endif
 
 # We pass srcdir explicitly to avoid an extra '/.' at the end of it.  That
 # causes a harmless, but ugly, testsuite failure in maint.exp.
@@ -315,9 +321,11 @@
 	rm -f debian/gdb$(TS)/usr/bin/$(TP)gdbtui
 	install -m 755 debian/gdbtui debian/gdb$(TS)/usr/bin/$(TP)gdbtui
 
+ifneq (,$(filter multiarch, $(variants)))
 	: # gdb-multiarch install
 	install -d debian/gdb-multiarch/usr/bin
 	install -m 755 $(builddir_multiarch)/gdb/gdb debian/gdb-multiarch/usr/bin/gdb-multiarch
+endif
 
 	: # gdbserver install
 ifneq (,$(filter $(DEB_HOST_ARCH),$(LIBINPROCTRACE_AVAILABLE_ARCHITECTURES)))
@@ -415,8 +423,10 @@
 	dh_installchangelogs -pgdbserver -pgdb$(TS)
 	dh_lintian
 
+ifneq (,$(filter multiarch, $(variants)))
 	install -d debian/gdb-multiarch/usr/share/doc
 	ln -s gdb debian/gdb-multiarch/usr/share/doc/gdb-multiarch
+endif
 
 	dh_dwz -a
 	dh_strip -pgdb$(TS)
DIFF
}
nomultiarch_diff | patch -s -d "$tree" -p1 \
  || die "cannot add the build profile to debian/"

# The package gdb ships the series' gdb-tty-leader, which GDB's make
# install puts in LIBEXECDIR/gdb (Debian's rules configure LIBEXECDIR as
# /usr/lib/gdb).
grep -q 'libexecdir="\\$\${prefix}/lib/gdb"' "$tree/debian/rules" \
  || die "debian/rules no longer sets --libexecdir to /usr/lib/gdb"
grep -qx 'usr/lib/gdb/gdb/gdb-tty-leader' "$tree/debian/gdb.install" \
  || echo 'usr/lib/gdb/gdb/gdb-tty-leader' >> "$tree/debian/gdb.install"

# The changelog entry.
name=${DEBFULLNAME:-$(git -C "$top" config user.name 2>/dev/null || true)}
email=${DEBEMAIL:-$(git -C "$top" config user.email 2>/dev/null || true)}
name=${name:-GDB managed-tty series}
email=${email:-root@$(hostname)}
{
  echo "gdb ($version) UNRELEASED; urgency=medium"
  echo
  echo "  * The managed-tty series, $hash (debian/patches/managed-tty): GDB"
  echo "    runs every program on a terminal of its own, so that Ctrl-C stops"
  echo "    programs that block SIGINT (PR gdb/9425, PR gdb/14559):"
  for p in "${used[@]}"; do
    awk '/^Subject:/ { s = $0; while ((getline l) > 0 && l ~ /^ /) s = s l;
                       print s; exit }' "$patches/$p" \
      | sed 's/^Subject: *\(\[PATCH[^]]*\] *\)\{0,1\}//' \
      | fold -s -w 72 | sed -e '1s/^/    - /' -e '2,$s/^/      /' -e 's/ *$//'
  done
  if [ ${#nodoc[@]} -gt 0 ]; then
    echo "    Left out: the series' gdb/doc hunks, in ${#nodoc[@]} of its ${#list[@]} patches"
    echo "    ($(( ${#list[@]} - ${#used[@]} )) with nothing else): Debian's source has no GFDL manual."
  fi
  echo "  * debian/rules, debian/control: build profile pkg.gdb.nomultiarch,"
  echo "    which builds without gdb-multiarch."
  echo "  * debian/gdb.install: the series' /usr/lib/gdb/gdb/gdb-tty-leader."
  echo
  echo " -- $name <$email>  $(date -R)"
  echo
  cat "$tree/debian/changelog"
} > "$deb/changelog.new"
mv "$deb/changelog.new" "$tree/debian/changelog"
(cd "$tree" && dpkg-parsechangelog -S Version) | grep -qx "$version" \
  || die "the changelog entry does not parse"

# Apply the patches now, so that one that does not apply is named here.
(cd "$tree" && dpkg-source --before-build . > "$deb/patches.log" 2>&1) \
  || { tail -n 20 "$deb/patches.log" >&2; die "the series does not apply to Debian's gdb 16.3-1"; }
echo "deb: debian/patches: Debian's $(grep -vc '^managed-tty/' "$tree/debian/patches/series") patches, then ${#used[@]} of the series' ${#list[@]} ($hash; gdb/doc hunks left out of ${#nodoc[@]})"

# Build dependencies.
if ! (cd "$tree" && dpkg-checkbuilddeps -P "$profiles") > "$deb/builddeps.log" 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then
    cat "$deb/builddeps.log" >&2
    die "missing build dependencies; as root: apt-get build-dep -P $profiles $tree"
  fi
  echo "deb: installing the build dependencies (apt-get build-dep)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get build-dep -y -qq -P "$profiles" "$tree" >> "$deb/builddeps.log" 2>&1 \
    || { apt-get update -qq >> "$deb/builddeps.log" 2>&1 \
         && apt-get build-dep -y -qq -P "$profiles" "$tree" >> "$deb/builddeps.log" 2>&1; } \
    || { tail -n 20 "$deb/builddeps.log" >&2; die "apt-get build-dep failed"; }
fi

# Build, with the system's tools only, as in a build chroot: a python3
# or a compiler of /usr/local, ~/.pyenv and the like would be linked in
# (libpython from ~/.pyenv), and dpkg-shlibdeps would find no package
# for it.  ccache, if there, makes a second make deb quick.
path=/usr/sbin:/usr/bin:/sbin:/bin
[ -d /usr/lib/ccache ] && path=/usr/lib/ccache:$path
echo "deb: dpkg-buildpackage -B -uc -us -P $profiles, DEB_BUILD_OPTIONS=\"nocheck parallel=$jobs\" (log: $deb/build.log)"
start=$(date +%s)
(cd "$tree" && env -u PYTHONPATH -u PYTHONHOME -u PYENV_ROOT -u PYENV_VERSION \
   PATH="$path" DEB_BUILD_OPTIONS="nocheck parallel=$jobs" \
   dpkg-buildpackage -B -uc -us -P"$profiles") > "$deb/build.log" 2>&1 \
  || { tail -n 30 "$deb/build.log" >&2; die "dpkg-buildpackage failed; see $deb/build.log"; }
secs=$(( $(date +%s) - start ))
echo "deb: built in $((secs / 60)) min $((secs % 60)) s:"
ls -1 "$deb"/*.deb | sed 's/^/  /'
echo "Install it with:  apt-get install $deb/gdb_${version}_$(dpkg --print-architecture).deb"
