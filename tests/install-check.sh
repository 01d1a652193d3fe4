#!/bin/sh
# gst-clfilter tests: what `meson install` puts where.
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# usage: install-check.sh MESON SOURCE-DIR BUILD-DIR PLUGINSDIR WORK-DIR
#
# 1. This build, installed with --destdir: the plugin in PLUGINSDIR
#    (gstreamer-1.0's pluginsdir), where gst-inspect-1.0 finds all three
#    elements, and gst/clfilter/gstclmemoryapi.h (values for applications),
#    nothing else.
# 2. A packager's build (-Dtests=disabled -Dexamples=disabled
#    -Dbench=disabled, no clang, no sanitizer flags) with
#    -Dplugins-install-dir set: the plugin in that folder instead.
set -eu
meson=$1 src=$2 build=$3 pluginsdir=$4 work=$5
rm -rf "$work"
mkdir -p "$work"
fail() {
  echo "install-check: FAILED: $*"
  exit 1
}

dest=$work/destdir
"$meson" install -C "$build" --destdir "$dest" --no-rebuild --quiet
installed=$(cd "$dest" && find . -type f | sed 's|^\.||' | sort)
echo "installed: $installed"
header=$(cd "$dest" && find . -path '*/include/gstreamer-1.0/gst/clfilter/gstclmemoryapi.h' |
  sed 's|^\.||')
[ -n "$header" ] || fail "no include/gstreamer-1.0/gst/clfilter/gstclmemoryapi.h"
[ "$installed" = "$(printf '%s\n' "$header" "$pluginsdir/libgstclfilter.so" | sort)" ] ||
  fail "expected $pluginsdir/libgstclfilter.so and $header alone"
for e in clhistogram clhistequalize clsobel; do
  GST_PLUGIN_PATH= GST_PLUGIN_SYSTEM_PATH_1_0="$dest$pluginsdir" \
    GST_REGISTRY="$work/registry.bin" gst-inspect-1.0 "$e" >/dev/null ||
    fail "gst-inspect-1.0 $e does not find it in $dest$pluginsdir"
done
echo "default install: ok"

pkg=$work/packager
"$meson" setup "$pkg" "$src" -Dtests=disabled -Dexamples=disabled \
  -Dbench=disabled -Dplugins-install-dir=lib/custom-plugins \
  --prefix=/opt/clfilter >"$work/setup.log" 2>&1 ||
  { cat "$work/setup.log"; fail "packager's meson setup"; }
if grep -Eq "fsanitize|fuzz|bin/clang( |$)" "$pkg/build.ninja"; then
  fail "the packager's build uses clang or a sanitizer"
fi
if grep -q "^build tests/\|^build examples/\|^build bench/" "$pkg/build.ninja"; then
  fail "the packager's build builds tests, examples or the bench"
fi
ninja -C "$pkg" >"$work/build.log" 2>&1 ||
  { cat "$work/build.log"; fail "packager's build"; }
"$meson" install -C "$pkg" --destdir "$work/pkgdest" --quiet
installed=$(cd "$work/pkgdest" && find . -type f | sed 's|^\.||' | sort)
echo "installed: $installed"
[ "$installed" = "/opt/clfilter/include/gstreamer-1.0/gst/clfilter/gstclmemoryapi.h
/opt/clfilter/lib/custom-plugins/libgstclfilter.so" ] ||
  fail "expected /opt/clfilter/lib/custom-plugins/libgstclfilter.so and the header alone"
echo "packager's install with plugins-install-dir: ok"
rm -rf "$work"
echo "install-check: 2 passed, 0 failed"
