#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""bats-chains.py FILE...: lists the assertions in bats tests (and in the
functions of the files they load) that cannot fail.

bats runs a test with `set -e`, and bash's -e ignores the status of a
command negated with ! (`! grep -q secret log` on a line of its own never
fails a test: write `! grep -q secret log || false`), and a failure in
any but the last command of an && list: `[ "$a" = 1 ] && [ "$b" = 2 ]` as a line of
its own fails the test only through its last test, unless it is the test's
last line (bats then looks at the function's status). A chain whose
last command checks something ([, [[, !, grep, test, cmp, diff) is such an
assertion; one that ends in an action (`[ -n "$p" ] && kill "$p"`, an
assignment, `return 1`) is a condition and is left alone, as is anything
with || (`[ -x f ] || skip`). Either is fine as the last line of a test or
function, whose status bats or the caller sees. In a function called as a
condition (`wait_for f`, `f || ...`, `if f`) set -e is off altogether: a
check there that is not its last line needs its own `|| return 1`. Exit 1
and one line per finding, FILE:LINE.
"""
import re
import sys

ASSERTS = ('[', '[[', '!', 'grep', 'test', 'cmp', 'diff')


def split_top(stmt):
    """stmt's parts between && and || outside quotes, $( ), ( ), { }, [[ ]],
    and the operators between them"""
    parts, ops, cur, depth, q, i = [], [], '', 0, None, 0
    while i < len(stmt):
        c = stmt[i]
        if q:
            if c == '\\' and q == '"':
                cur += stmt[i:i + 2]
                i += 2
                continue
            if c == q:
                q = None
        elif c in '"\'':
            q = c
        elif c == '#' and (i == 0 or stmt[i - 1] in ' \t') and depth == 0:
            break
        elif stmt.startswith('[[', i) or c in '({':
            depth += 1
        elif stmt.startswith(']]', i) or c in ')}':
            depth = max(0, depth - 1)
        elif depth == 0 and stmt[i:i + 2] in ('&&', '||'):
            parts.append(cur.strip())
            ops.append(stmt[i:i + 2])
            cur = ''
            i += 2
            continue
        cur += c
        i += 1
    parts.append(cur.strip())
    return parts, ops


def split_semi(stmt):
    """stmt's commands between ; (and ;;) outside quotes and brackets; a
    case pattern ("a|b)") before a command is dropped"""
    out, cur, depth, q = [], '', 0, None
    for i, c in enumerate(stmt):
        if q:
            if c == q and stmt[i - 1] != '\\':
                q = None
        elif c in '"\'':
            q = c
        elif c in '({[':
            depth += 1
        elif c in ')}]':
            if depth == 0 and not out and re.fullmatch(r'[^\s]*', cur.strip()):
                cur = ''        # "pattern)" of a case arm
                continue
            depth = max(0, depth - 1)
        elif c == ';' and depth == 0:
            out.append(cur.strip())
            cur = ''
            continue
        cur += c
    out.append(cur.strip())
    return [c for c in out if c]


def in_quote(text):
    """1 when text ends inside a quoted string"""
    q = None
    for i, c in enumerate(text):
        if q:
            if c == q and (q == "'" or text[i - 1] != '\\'):
                q = None
        elif c in '"\'' and (i == 0 or text[i - 1] != '\\'):
            q = c
        elif c == '#' and (i == 0 or text[i - 1] in ' \t\n'):
            while i < len(text) and text[i] != '\n':
                i += 1
            return False if i >= len(text) else in_quote(text[i:])
    return q is not None


def statements(body):
    """(first line number, text) of each statement: continued lines joined,
    here-documents left out"""
    out, cur, first, heredoc = [], '', None, None
    for n, line in body:
        s = line.strip()
        if heredoc:
            if s == heredoc:
                heredoc = None
            continue
        m = re.search(r"<<-?\s*['\"]?(\w+)['\"]?", s)
        if m:
            heredoc = m.group(1)
        if not cur and (not s or s.startswith('#')):
            continue
        if first is None:
            first = n
        cur = (cur + '\n' + s) if cur else s
        if re.search(r'(\\|&&|\|\||\|)$', s) or in_quote(cur):
            cur = cur.rstrip('\\')
            continue
        out.append((first, cur))
        cur, first = '', None
    if cur:
        out.append((first, cur))
    return out


def blocks(path):
    """(function name, or None for a test; its statements) of each test and
    function in path"""
    lines = open(path, encoding='utf-8').read().split('\n')
    i = 0
    while i < len(lines):
        m = re.match(r'([\w-]+)\(\) \{$', lines[i])
        if m or lines[i].startswith('@test '):
            j = i + 1
            body = []
            while j < len(lines) and lines[j] != '}':
                body.append((j + 1, lines[j]))
                j += 1
            yield (m.group(1) if m else None), statements(body)
            i = j
        i += 1


def findings(path):
    """(line, statement) of each negation or && chain set -e does not see"""
    for _, stmts in blocks(path):
        for n, stmt in stmts[:-1]:      # the last line: bats sees its status
            for cmd in split_semi(stmt):
                if re.match(r'(while|until|if|elif)\s', cmd):
                    continue            # a condition, not an assertion
                parts, ops = split_top(cmd)
                if '||' in ops:
                    continue
                words = parts[-1].split()
                if ('&&' in ops and words and words[0] in ASSERTS) or \
                   (not ops and cmd.startswith('! ')):
                    yield n, stmt


def as_conditions(paths, names):
    """the names called as a condition somewhere: wait_for NAME, if NAME,
    ! NAME, NAME ... || and NAME ... &&"""
    found = set()
    for path in paths:
        text = open(path, encoding='utf-8').read()
        for name in names:
            n = re.escape(name)
            if re.search(r'(wait_for|if|until|while|!)\s+(eval\s+)?[\'"]?' + n + r'\b', text) or \
               re.search(r'(^|[;(]\s*|\s)' + n + r'\b[^|&;\n]*(\|\||&&)', text, re.M):
                found.add(name)
    return found


def in_conditions(paths):
    """checks that cannot fail in the functions called as conditions: set -e
    is off in all of such a function but its last line (|| return 1 works)"""
    funcs = {}
    for path in paths:
        funcs.update((name, (path, stmts)) for name, stmts in blocks(path) if name)
    for name in sorted(as_conditions(paths, funcs)):
        path, stmts = funcs[name]
        for n, stmt in stmts[:-1]:
            for cmd in split_semi(stmt):
                parts, ops = split_top(cmd)
                words = cmd.split()
                if '||' not in ops and words and words[0] in ASSERTS:
                    yield path, n, f'{name}: {stmt}'


def main():
    bad = 0
    for path in sys.argv[1:]:
        for n, stmt in findings(path):
            print(f'{path}:{n}: {stmt}')
            bad += 1
    for path, n, what in in_conditions(sys.argv[1:]):
        print(f'{path}:{n}: {what}')
        bad += 1
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
