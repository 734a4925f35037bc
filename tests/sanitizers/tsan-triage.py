#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""ThreadSanitizer reports (log_path files) grouped by the first frame of our own code in each
stack; with --ours, only the reports whose stacks pass through no Qt hand-off (thread pool,
queued call, posted event), which an uninstrumented Qt hides from TSan (docs/testing.md)."""
import collections
import re
import sys

groups = collections.Counter(); samples = {}
HANDOFF = re.compile(r'runOnWorkers|QFunctorSlotObject|QMetaCallEvent|QThreadPool|QtConcurrent|'
                     r'sendPostedEvents|QWaitCondition|QArrayData|Pending::|Request::~Request|QObject::event|'
                     r'removePostedEvents|deleteLater|QObjectPrivate|QObject::~QObject|Thread T[0-9]+ .*finished')
ours_only = '--ours' in sys.argv
for path in [a for a in sys.argv[1:] if a != '--ours']:
    text = open(path, errors='replace').read()
    for block in text.split('==================')[1:]:
        if 'WARNING: ThreadSanitizer' not in block: continue
        if ours_only and HANDOFF.search(block): continue
        kind = re.search(r'WARNING: ThreadSanitizer: ([^(\n]+)', block).group(1).strip()
        stacks = re.split(r'\n\s*\n', block)
        ours = []
        for s in stacks:
            m = [l for l in s.splitlines() if re.search(r'#\d+ .*boxoffice::', l)]
            head = s.strip().splitlines()[0][:60] if s.strip() else ''
            if m:
                f = re.sub(r'\(boxoffice-server.*', '', m[0].split(' ', 2)[-1].strip())
                ours.append(f[:160])
        key = (kind, tuple(ours[:2]))
        groups[key] += 1
        samples.setdefault(key, block[:3000])
for (kind, ours), n in groups.most_common():
    print(n, kind); [print('    ', o) for o in ours]
