#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# make circles (and make check): no two modules of the suite may need each
# other, directly or around a loop. A module is a .c file with the .h of the
# same name beside it. Module A needs B when A includes B's header, or when
# A's object calls a function (or uses data) that B's object defines (nm).
# Prints every loop found, one line each, and exits 1; 0 and one line when
# there are none.
# Usage: circles.py OBJDIR DIR...   (OBJDIR: build/<variant>/obj)
import os
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def module_of(path):
    path = os.path.normpath(path)
    for ext in ('.main.o', '.o', '.c', '.h'):
        if path.endswith(ext):
            return path[:-len(ext)]
    return None


def sources(dirs):
    for d in dirs:
        for root, _, files in os.walk(d):
            for f in sorted(files):
                if f.endswith(('.c', '.h')):
                    yield os.path.join(root, f)


def include_edges(dirs, edges):
    for src in sources(dirs):
        me = module_of(src)
        with open(src, encoding='utf-8', errors='replace') as fh:
            text = fh.read()
        for inc in INCLUDE.findall(text):
            target = os.path.normpath(os.path.join(os.path.dirname(src), inc))
            if not os.path.exists(target):
                continue    # lib/ headers: shared code, below everything
            other = module_of(target)
            if other != me:
                edges.setdefault(me, set()).add(other)


def nm_symbols(obj):
    out = subprocess.run([os.environ.get('NM', 'nm'), obj], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == 'U':
            undefined.add(parts[1])
        elif len(parts) == 3 and parts[1] in 'TDBRCG' and parts[1].isupper():
            defined.add(parts[2])
    return defined, undefined


def top(module):
    return module.split('/')[0]


def call_edges(objdir, dirs, edges):
    owner, needs = {}, {}
    for d in dirs:
        for root, _, files in os.walk(os.path.join(objdir, d)):
            for f in files:
                if not f.endswith('.o'):
                    continue
                obj = os.path.join(root, f)
                me = module_of(os.path.relpath(obj, objdir))
                if not os.path.exists(me + '.c'):
                    continue    # left over from a file since moved
                defined, undefined = nm_symbols(obj)
                for sym in defined:
                    owner.setdefault(sym, []).append(me)
                needs.setdefault(me, set()).update(undefined)
    # two programs may each define a name (udevd's event_free and udev's):
    # a call goes to the definition in the caller's own top folder, else to
    # lib/'s, else to the only one
    for me, syms in needs.items():
        for sym in syms:
            cands = owner.get(sym, [])
            pick = [m for m in cands if top(m) == top(me)] or \
                [m for m in cands if top(m) == 'lib'] or cands[:1]
            for other in pick[:1]:
                if other != me:
                    edges.setdefault(me, set()).add(other)


def loops(edges):
    # Tarjan's strongly connected components, iteratively
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    nodes = set(edges) | {b for bs in edges.values() for b in bs}
    for start in sorted(nodes):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on.add(start)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(edges.get(nxt, ())))))
                elif nxt in on:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    n = stack.pop()
                    on.discard(n)
                    comp.append(n)
                    if n == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def rooms(edges):
    """The same graph between folders: a folder needs another when one of
    its modules needs one of the other's."""
    out = {}
    for a, bs in edges.items():
        for b in bs:
            if os.path.dirname(a) != os.path.dirname(b):
                out.setdefault(os.path.dirname(a), set()).add(os.path.dirname(b))
    return out


def main():
    if len(sys.argv) < 3:
        print('usage: circles.py OBJDIR DIR...', file=sys.stderr)
        return 2
    objdir, dirs = sys.argv[1], sys.argv[2:]
    edges = {}
    include_edges(dirs, edges)
    call_edges(objdir, dirs, edges)
    found = loops(edges)
    for comp in found:
        print('circles: these files need each other: ' + ' '.join(comp))
    folders = rooms(edges)
    for comp in loops(folders):
        found.append(comp)
        print('circles: these folders need each other: ' + ' '.join(comp))
    if '-v' in os.environ.get('CIRCLES', ''):
        for k in sorted(folders):
            print(f'  {k}/ needs ' + ' '.join(f + '/' for f in sorted(folders[k])))
    n = len({m for m in edges} | {b for bs in edges.values() for b in bs})
    if found:
        print(f'circles: {len(found)} loop(s) among {n} modules')
        return 1
    print(f'circles: none among {n} modules of {" ".join(dirs)}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
