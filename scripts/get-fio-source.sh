#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Fetch the source of the fio that is installed here, from the distribution's
# source packages, and run fio's own ./configure in it, so that the engine is
# compiled against exactly the headers and config-host.h of the fio binary
# that will load it (an engine built against other headers is refused with
# "bad ioops version", or silently misreads fio's structs).
# Where the distribution's source cannot be had (Debian 13's fio 3.39: the
# mirror lists it but does not serve it), --tarball takes upstream's source
# tarball of the same version instead (upstream's release tag, as made by
# `git archive`): it is refused unless its version is the installed fio's.
# Debian's patches to fio change its packaging, not the engine interface.
#
# usage: scripts/get-fio-source.sh [--tarball FILE] [DIR]   (default DIR: ./fio-src)
# Prints the path of the configured fio tree on its last line.
set -eu

die() { echo "get-fio-source: $*" >&2; exit 1; }
tarball=
if [ "${1:-}" = --tarball ]; then
	[ $# -ge 2 ] || die "--tarball needs a file"
	tarball=$2
	shift 2
fi
dest=${1:-fio-src}

command -v dpkg-query >/dev/null || die "needs a Debian system (dpkg-query not found)"
version=$(dpkg-query -W -f='${Version}' fio 2>/dev/null) ||
	die "fio is not installed: apt-get install fio"
upstream=$(fio --version | sed 's/^fio-//')
if [ -n "$tarball" ]; then
	[ -f "$tarball" ] || die "$tarball: no such file"
	tarball=$(cd "$(dirname "$tarball")" && pwd)/$(basename "$tarball")
	# fio's FIO-VERSION-GEN falls back to DEF_VER outside a git checkout.
	in_tarball=$(tar -xzOf "$tarball" --wildcards '*/FIO-VERSION-GEN' 2>/dev/null |
		sed -n 's/^DEF_VER=fio-//p')
	[ -n "$in_tarball" ] || die "$tarball is not a fio source tarball (no FIO-VERSION-GEN with a DEF_VER)"
	[ "$in_tarball" = "$upstream" ] ||
		die "$tarball is the source of fio $in_tarball, but the installed fio is $upstream (package $version): give the tarball of fio $upstream"
	version="$version from $(basename "$tarball")"
fi

mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
tree="$dest/fio-$upstream"
if [ -f "$tree/config-host.h" ] && [ -f "$tree/.fio-cephfs-version" ] &&
   [ "$(cat "$tree/.fio-cephfs-version")" = "$version" ]; then
	echo "$tree"
	exit 0
fi

# apt-get source needs a deb-src entry; mirror every enabled "deb" entry.
has_deb_src() {
	grep -qsE '^[[:space:]]*deb-src[[:space:]]' /etc/apt/sources.list /etc/apt/sources.list.d/*.list ||
	grep -qsE '^Types:.*deb-src' /etc/apt/sources.list.d/*.sources
}
if ! has_deb_src; then
	[ "$(id -u)" = 0 ] || die "no deb-src entry in apt sources; run as root to add one"
	added=/etc/apt/sources.list.d/fio-cephfs-deb-src
	tmp=$(mktemp)
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		sed 's/^Types:[[:space:]]*deb[[:space:]]*$/Types: deb-src/' "$f"
		echo
	done > "$tmp"
	if grep -q '^Types: deb-src' "$tmp"; then
		cp "$tmp" "$added.sources"
		chmod 644 "$added.sources"
	fi
	rm -f "$tmp"
	if [ -f /etc/apt/sources.list ]; then
		sed -n 's/^[[:space:]]*deb[[:space:]]/deb-src /p' /etc/apt/sources.list > "$added.list"
		[ -s "$added.list" ] || rm -f "$added.list"
	fi
	has_deb_src || die "could not derive a deb-src entry from the apt sources"
	apt-get update -q >&2
fi

# The Debian source package (upstream tarball plus Debian's changes); where
# the mirror serves only the upstream tarball (Debian testing's frozen
# snapshot has no .dsc), that tarball: the same upstream version, without
# Debian's patches, which change packaging, not fio's engine interface.
debian_source() {
	command -v dpkg-source >/dev/null || die "dpkg-source not found: apt-get install dpkg-dev"
	apt-get source -q --download-only "fio=$version" >&2 &&
		dpkg-source -x --no-check "fio_${version#*:}.dsc" "fio-$upstream" >&2
}
upstream_tarball() {
	apt-get source -q --download-only --tar-only "fio=$version" >&2 || return
	set -- fio_"$(echo "$version" | sed 's/^[0-9]*://; s/-[^-]*$//')".orig.tar.*
	[ -f "$1" ] || return
	echo "get-fio-source: the mirror has no Debian source package for fio $version; using its upstream tarball $1" >&2
	mkdir "fio-$upstream" && tar -xf "$1" -C "fio-$upstream" --strip-components=1
}
rm -rf "$tree"
if [ -n "$tarball" ]; then
	mkdir "$tree" && tar -xzf "$tarball" -C "$tree" --strip-components=1 ||
		die "unpacking $tarball into $tree failed"
else
	(cd "$dest" && { debian_source || { rm -rf "fio-$upstream"; upstream_tarball; }; }) ||
		die "apt-get source fio=$version failed (neither the source package nor its upstream tarball): where the mirror does not serve it, give upstream's fio-$upstream.tar.gz with --tarball"
fi

# Debian's own build configures fio this way (debian/rules).
(cd "$tree" && ./configure --disable-native --prefix=/usr >&2) ||
	die "fio's ./configure failed in $tree"
echo "$version" > "$tree/.fio-cephfs-version"
echo "$tree"
