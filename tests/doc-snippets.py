#!/usr/bin/env python3
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
"""Runs the Python snippets of the docs, so that they stay true.

usage: doc-snippets.py DOC.md...  (GST_PLUGIN_PATH must find the plugin)
Each ```python block must run without error and print something.
"""
import re
import subprocess
import sys

failed = 0
for doc in sys.argv[1:]:
    text = open(doc, encoding='utf-8').read()
    blocks = re.findall(r'```python\n(.*?)```', text, re.S)
    if not blocks:
        print('%s: no python snippet' % doc)
        failed += 1
    for i, code in enumerate(blocks):
        r = subprocess.run([sys.executable, '-c', code], capture_output=True,
                           text=True, timeout=120)
        ok = r.returncode == 0 and r.stdout.strip()
        print('%s snippet %d: %s' % (doc, i, 'ok' if ok else 'FAILED'))
        print(r.stdout[-2000:] + r.stderr[-2000:])
        failed += not ok
sys.exit(1 if failed else 0)
