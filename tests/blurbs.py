#!/usr/bin/env python3
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
"""Checks each property's description (blurb) as gst-inspect-1.0 shows it.

usage: blurbs.py GST-INSPECT PLUGIN  (GST_PLUGIN_PATH must find the plugin)
Every property of every element of PLUGIN must have a blurb of one line and
at most 100 characters, as GStreamer's own elements have; the details go in
the gtk-doc block above the property and in the element's page in docs/.
"""
import os
import re
import statistics
import subprocess
import sys

MAX = 100
PROPERTY = re.compile(r'^  ([a-z][a-z0-9-]*)\s*: (.*)$')
FLAGS = re.compile(r'^ {24}flags: ')
# The next part of gst-inspect-1.0's output, e.g. "Element Signals:".
SECTION = re.compile(r'^[A-Z][A-Za-z ]*:$')


def inspect(gst_inspect, name):
    env = dict(os.environ, GST_INSPECT_NO_COLORS='1', PAGER='cat')
    r = subprocess.run([gst_inspect, name], capture_output=True, text=True,
                       env=env, timeout=120)
    if r.returncode != 0:
        sys.exit('blurbs: %s %s failed:\n%s%s' % (gst_inspect, name,
                                                 r.stdout, r.stderr))
    return r.stdout.splitlines()


def properties(lines):
    """(name, blurb, one line?) for each property of an element."""
    start = lines.index('Element Properties:') + 1
    found = []
    for i in range(start, len(lines)):
        line = lines[i]
        if SECTION.match(line):
            break
        m = PROPERTY.match(line)
        if m:
            following = lines[i + 1] if i + 1 < len(lines) else ''
            found.append((m.group(1), m.group(2),
                          bool(FLAGS.match(following))))
    return found


def main():
    gst_inspect, plugin = sys.argv[1:3]
    elements = [m.group(1) for m in
                (re.match(r'^  ([a-z][a-z0-9]*): ', line)
                 for line in inspect(gst_inspect, plugin)) if m]
    if not elements:
        sys.exit('blurbs: no element in plugin %s' % plugin)
    failed = []
    lengths = {}
    for element in elements:
        found = properties(inspect(gst_inspect, element))
        if not found:
            failed.append('%s: no property found' % element)
        for name, blurb, one_line in found:
            where = '%s:%s' % (element, name)
            lengths[where] = len(blurb)
            if not blurb.strip() or blurb == '(null)':
                failed.append('%s: no blurb' % where)
            elif not one_line:
                failed.append('%s: blurb of more than one line' % where)
            elif len(blurb) > MAX:
                failed.append('%s: blurb of %d characters (at most %d): %s'
                              % (where, len(blurb), MAX, blurb))
    longest = max(lengths, key=lengths.get)
    print('blurbs: %d properties of %s; median %g characters, longest %d '
          '(%s)' % (len(lengths), ', '.join(elements),
                    statistics.median(lengths.values()), lengths[longest],
                    longest))
    for f in failed:
        print(f)
    sys.exit(1 if failed else 0)


main()
