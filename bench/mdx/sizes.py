#!/usr/bin/env python3
"""sizes.py NAME=MIRROR ...: the sizes of real sites' MDX pages (issue #21: what sizes a page that the
MDX compiler compiles has), read from bare git mirrors' HEAD; nothing is checked out or copied.

  python3 bench/mdx/sizes.py jest=/work/.mirror/jestjs+jest/repo ...

Counted, every file of HEAD outside node_modules, the repository's top folder and change logs
(CHANGELOG*.md, which a package's release tool writes): each .mdx file, and each .md file that uses JSX,
meaning an ESM line (import/export at a line's start) or a component's tag (`<` and a capital
letter) outside code fences, inline code and front matter. A file's size is its bytes, front matter
included (cost.sh's pages: ~1.3 KB a copy of its body). Prints, per site and pooled, the count and
the quantiles p25, median, p75, p90 of the .mdx files, of those of them that use JSX, of the .md
files that use JSX and of both that use JSX (what the MDX compiler compiles); then the share of each pooled set below the sizes named by BELOW (bytes,
comma-separated, default 4096,8192,16384).
"""
import os
import re
import subprocess
import sys

ESM = re.compile(r"^(import\s[^\n]*\bfrom\s*['\"]|import\s*['\"]|export\s+(default\s|const\s|function\s|\{))")
COMPONENT = re.compile(r"<[A-Z][A-Za-z0-9_.]*[\s/>]")
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
CODESPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")


def uses_jsx(text):
    lines = text.split("\n")
    i = 0
    if lines and lines[0].strip() == "---":  # front matter
        for j in range(1, len(lines)):
            if lines[j].strip() == "---":
                i = j + 1
                break
    fence = None
    for line in lines[i:]:
        m = FENCE.match(line)
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not line.strip()[len(m.group(1)):].strip():
                fence = None
            continue
        if m:
            fence = m.group(1)
            continue
        if ESM.match(line) or COMPONENT.search(CODESPAN.sub("", line)):
            return True
    return False


def files(git):
    tree = subprocess.run(["git", "--git-dir", git, "ls-tree", "-r", "-l", "HEAD"], capture_output=True, text=True, check=True).stdout
    blobs = []
    for row in tree.splitlines():
        meta, path = row.split("\t", 1)
        _, kind, sha, size = meta.split()
        if kind != "blob" or "node_modules/" in path or not (path.endswith(".md") or path.endswith(".mdx")):
            continue
        if "/" not in path or os.path.basename(path).upper().startswith("CHANGELOG"):
            continue  # a repository's own README or a package's change log: no page of its site
        blobs.append((path, sha, int(size)))
    cat = subprocess.Popen(["git", "--git-dir", git, "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    for path, sha, size in blobs:
        cat.stdin.write((sha + "\n").encode())
        cat.stdin.flush()
        header = cat.stdout.readline().split()
        if header[1] == b"missing":
            continue
        data = cat.stdout.read(int(header[2]))
        cat.stdout.read(1)
        yield path, size, data.decode("utf-8", "replace")
    cat.stdin.close()
    cat.wait()


def quantile(xs, q):
    # the nearest rank: the smallest size at or above which q of the files are
    xs = sorted(xs)
    return xs[max(0, min(len(xs) - 1, -(-len(xs) * q // 100) - 1))] if xs else 0


def row(name, xs):
    if not xs:
        return f"| {name} | 0 | | | | |"
    return f"| {name} | {len(xs)} | " + " | ".join(f"{quantile(xs, q) / 1024:.1f}" for q in (25, 50, 75, 90)) + " |"


def main():
    sets = {"mdx": {}, "mdx+jsx": {}, "md+jsx": {}, "jsx": {}}  # jsx: either, the pages the compiler compiles
    for arg in sys.argv[1:]:
        name, git = arg.split("=", 1)
        for s in sets.values():
            s[name] = []
        for path, size, text in files(git):
            jsx = uses_jsx(text)
            if path.endswith(".mdx"):
                sets["mdx"][name].append(size)
                if jsx:
                    sets["mdx+jsx"][name].append(size)
            elif jsx:
                sets["md+jsx"][name].append(size)
            if jsx:
                sets["jsx"][name].append(size)
    below = [int(b) for b in os.environ.get("BELOW", "4096,8192,16384").split(",")]
    for kind, by in sets.items():
        print(f"\n{kind} files: KB (KiB) at p25, median, p75, p90\n\n| site | files | p25 | median | p75 | p90 |\n|---|---|---|---|---|---|")
        for name, xs in by.items():
            print(row(name, xs))
        pooled = [x for xs in by.values() for x in xs]
        print(row("**all**", pooled))
        if pooled:
            print("below: " + ", ".join(f"{b} B {100 * sum(x < b for x in pooled) / len(pooled):.0f}%" for b in below))
            medians = sorted(quantile(xs, 50) for xs in by.values() if xs)
            print(f"sites' medians: {' '.join(f'{m / 1024:.1f}' for m in medians)} KB")


if __name__ == "__main__":
    main()
