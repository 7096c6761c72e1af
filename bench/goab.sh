#!/bin/sh
# goab.sh TREE_A TREE_B PKG BENCH [ROUNDS]: a Go benchmark of two docsd trees (before/after), the
# two test binaries taking turns, one run each per round (default 9 rounds), and each benchmark's
# median ns/op, B/op and allocs/op per tree. This machine's speed drifts by up to 1.6x over
# minutes, so two runs minutes apart (benchstat's usual input) compare the machine as much as the
# code; within a round both trees see the same machine.
#
#     sh bench/goab.sh /tmp/before . pkg/mdx 'SplitRuns/setOff'
#
# A tree is a checkout (git worktree, or `git archive <rev> | tar -x -C dir`), built in place.
set -eu
[ $# -ge 4 ] || { sed -n '2,9p' "$0" >&2; exit 2; }
a=$(cd "$1" && pwd) b=$(cd "$2" && pwd) pkg=$3 bench=$4 rounds=${5:-9}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$a" && go test -c -o "$tmp/a.test" "./$pkg")
(cd "$b" && go test -c -o "$tmp/b.test" "./$pkg")
i=0
while [ $i -lt "$rounds" ]; do
  for t in a b; do
    dir=$a
    [ $t = a ] || dir=$b
    (cd "$dir/$pkg" && "$tmp/$t.test" -test.run '^$' -test.bench "$bench" -test.benchmem) |
      awk -v t=$t '/^Benchmark/ { print t, $1, $3, $5, $7 }' >>"$tmp/runs"
  done
  i=$((i + 1))
done
python3 - "$tmp/runs" "$a" "$b" <<'EOF'
import statistics, sys
runs, trees = {}, {"a": sys.argv[2], "b": sys.argv[3]}
for line in open(sys.argv[1]):
    t, name, ns, b, allocs = line.split()
    runs.setdefault((name, t), []).append((float(ns), float(b), float(allocs)))
for name in sorted({n for n, _ in runs}):
    med = {}
    for t in "ab":
        rs = runs.get((name, t), [])
        if rs:
            med[t] = [statistics.median(r[i] for r in rs) for i in range(3)]
            print(f"{name} {trees[t]}: {med[t][0]:.0f} ns/op, {med[t][1]:.0f} B/op, {med[t][2]:.0f} allocs/op (median of {len(rs)})")
    if len(med) == 2:
        print(f"{name} b/a: {med['b'][0] / med['a'][0]:.3f}x time, {med['b'][1] / max(med['a'][1], 1):.3f}x bytes")
EOF
