#!/bin/sh
# cost.sh [N]: what an MDX page costs to build against a Markdown page of the same size (issue #21:
# at most 3x). It builds four generated sites with `docsd build --once` on the fixture's config
# (testdata/sites/mdx): N pages of one body as .md, the same N bodies as .mdx (plain Markdown, which
# docsd renders with goldmark: pkg/mdx.UsesMDXSyntax), the same N bodies as .mdx written with JSX
# (the note is an imported <Admonition>, so the MDX compiler runs), and the site with no such pages;
# each page's cost is (site - empty) / N, in CPU seconds (user+sys of docsd and its Node processes,
# which docsd waits for). The machine is shared, so CPU time, not wall time, is the measure.
#
# A Markdown page's figure is the difference of two builds a tenth of a second apart, so it moved
# by half between runs of this script: the four sites are built in turn, RUNS (default 5) rounds,
# CPU read to the microsecond (getrusage, by python3; time(1) gives hundredths); each round gives
# its own ratio, and the script prints the median page costs and the median and spread of the
# rounds' ratios.
#
# The builds write to a folder on tmpfs (/dev/shm; OUT=dir to choose another): on this machine's
# ext4 each file a build creates cost 0.7-1 ms of kernel CPU at times (perf: ext4's inode
# allocator skipping the inodes of files deleted in the last minute, `recently_deleted`, which the
# previous build's output and every other build on the machine supply) and 40 us at others, which
# made a Markdown page (two files) read 1.1-2.9 ms in minutes of each other. On tmpfs a file costs
# the same whatever was deleted before it. Each site has its own output folder, so that what a
# build removes of the build before (docsd replaces its --out) is that site's own output.
#
# TREES="A B ..." compares docsd trees in the same run (before/after): each tree's bin/docsd builds
# sites linked to its own site/, the trees taking turns within each round. Default: this tree. Each
# tree after the first also gets its JSX page's cost as a ratio to the first tree's, round by round:
# the machine's speed drifts over minutes (by up to 1.6x here), and within a round it is the same
# for both trees, so the median of those ratios is steadier than a comparison of the two medians.
#
# KIND=style makes the JSX variant one the MDX compiler must read: each copy keeps its `:::note` and
# has a paragraph with an inline element whose attribute is an expression (`<kbd style={{…}}>`)
# before it, which docsd's runs do not take (pkg/mdx/direct.go), where the default KIND=admonition
# writes the note as an <Admonition>, which they do.
#
# BASE=k (default 0) gives each variant's page cost as a marginal one: (site of N pages - the same
# variant's site of k pages) / (N - k), so that what a build pays once for a kind of page (the
# compiler's Node process starting, V8 compiling its code) is not spread over the N pages.
#
# SIZE=k (default 1, ~1.5 KB) makes each page's body k copies of the one body, ~1.5k KB: the
# copies' headings end in " 2", " 3", ... so every heading (and its id) stays unique, and in the
# JSX variant each copy keeps its note as an <Admonition>, so the page's JSX share stays that of
# one body; with JSX=once only the first copy has JSX (the import and one <Admonition>), the others
# being the Markdown copy, so the page's JSX stays the same whatever its size. PRINT=md or
# PRINT=jsx prints the body of a page of that variant at that SIZE and exits (bench/mdx/cost_test.go
# checks it).
set -eu
N=${1:-200} RUNS=${RUNS:-5} SIZE=${SIZE:-1}
case $SIZE in '' | *[!0-9]* | 0*) echo "cost.sh: SIZE must be a whole number from 1, not '$SIZE'" >&2; exit 2 ;; esac
JSX=${JSX:-each}
case $JSX in each | once) ;; *) echo "cost.sh: JSX is each or once, not '$JSX'" >&2; exit 2 ;; esac
KIND=${KIND:-admonition} BASE=${BASE:-0}
case $KIND in admonition | style) ;; *) echo "cost.sh: KIND is admonition or style, not '$KIND'" >&2; exit 2 ;; esac
case $BASE in *[!0-9]* | '') echo "cost.sh: BASE must be a whole number, not '$BASE'" >&2; exit 2 ;; esac
[ "$BASE" -lt "$N" ] || { echo "cost.sh: BASE ($BASE) must be below N ($N)" >&2; exit 2; }
here=$(cd "$(dirname "$0")/../.." && pwd)
trees=${TREES:-$here}
[ -z "${DOCSD:-}" ] || [ -n "${TREES:-}" ] || { echo "cost.sh: DOCSD is gone; set TREES to the docsd tree(s) (bin/docsd, site/)" >&2; exit 2; }
body() { # body [jsx]: SIZE copies of section, the import once
  [ -z "${1:-}" ] || printf "import Admonition from '@theme/Admonition';\n\n"
  c=1
  while [ $c -le "$SIZE" ]; do
    if [ $c -eq 1 ]; then section "${1:-}"
    elif [ "$JSX" = once ]; then printf '\n' && section | sed "s/^\(#\{1,6\} .*\)$/\1 $c/"
    else printf '\n' && section "${1:-}" | sed "s/^\(#\{1,6\} .*\)$/\1 $c/"
    fi
    c=$((c + 1))
  done
}
section() { # section [jsx]: the ~1.5 KB body, its note an <Admonition> for jsx
  cat <<'MD' | if [ -z "${1:-}" ]; then cat; elif [ "$KIND" = style ]; then sed 's#^:::note$#Press <kbd style={{color: "red"}}>Ctrl</kbd> to stop.\n\n:::note#'; else sed 's#^:::note$#<Admonition type="note">#; s#^:::$#</Admonition>#'; fi
Setting up the fixture takes a few steps. Each step below names the file it changes and the
command that checks it; run them in order, on a machine with **network access** and `git`.

## Prepare the machine

1. Install the runtime and the command-line tools.
2. Check the versions with `fixture version`; the output lists each component.
3. Create a working folder, for instance `~/work/fixture`.

| Setting | Default | What it does |
|---|---|---|
| `workers` | `4` | how many builds run at once |
| `cache` | `~/.cache/fixture` | where downloaded layers go |
| `timeout` | `30m` | how long a build may run |

```yaml title="fixture.yml"
version: "1"
steps:
  - name: test
    image: golang:1.22
    commands:
      - go test ./...
```

:::note
The configuration file is read once, when the worker starts.
:::

## Run a build

Start the worker, then push a commit. The worker picks the build up, pulls the images and runs
each step in its own container; a failing step stops the ones after it.

```sh
fixture worker start --config fixture.yml
git commit --allow-empty -m "trigger" && git push
```

### Read the logs

Logs stream to the terminal while the build runs, and stay available afterwards with
`fixture logs <build>`. See [the introduction](./intro.md) for the vocabulary.
MD
}
if [ -n "${PRINT:-}" ]; then
  case $PRINT in md) body ;; jsx) body jsx ;; *) echo "cost.sh: PRINT is md or jsx, not '$PRINT'" >&2; exit 2 ;; esac
  exit 0
fi
work=$(mktemp -d) made=
if [ -n "${OUT:-}" ]; then out=$OUT
elif [ -d /dev/shm ] && [ -w /dev/shm ]; then out=$(mktemp -d /dev/shm/mdxcost.XXXXXX) made=$out
else out=$work
fi
trap 'rm -rf ${made:+"$made"}; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
[ -z "${KEEP:-}" ] || echo "sites kept in $work" >&2
make_site() { # make_site DIR TREE EXT COUNT [jsx]
  dir=$1 tree=$2; shift 2
  mkdir -p "$dir" && cp -r "$here/testdata/sites/mdx/." "$dir/" && ln -s "$tree/site" "$dir/site"
  rm -f "$dir/content/docs/guide/install.mdx" "$dir/content/docs/guide/_shared-note.mdx" "$dir/content/docs/guide/reference.md"
  sed -i 's#\[install page\](./install.mdx)#install page#; s#\[platform section\](./install.mdx\#pick-a-platform)#platform section#' "$dir/content/docs/guide/intro.md"
  i=0
  while [ $i -lt "$2" ]; do
    { printf -- '---\ntitle: Page %s\n---\n\n' $i; body "${3:-}"; } > "$dir/content/docs/guide/page-$i.$1"
    i=$((i + 1))
  done
}
cpu() { # cpu TREE DIR: CPU seconds (user + sys) of one build of DIR by TREE's docsd and its children
  python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.4f" % (r.ru_utime + r.ru_stime))' "$1/bin/docsd" build --once --root "$2" --out "$out/$(basename "$2")"
}
t=0
for tree in $trees; do
  t=$((t + 1))
  make_site "$work/$t-empty" "$tree" md 0
  make_site "$work/$t-md" "$tree" md "$N"
  make_site "$work/$t-mdx" "$tree" mdx "$N"
  make_site "$work/$t-jsx" "$tree" mdx "$N" jsx
  if [ "$BASE" -gt 0 ]; then
    make_site "$work/$t-md0" "$tree" md "$BASE"
    make_site "$work/$t-mdx0" "$tree" mdx "$BASE"
    make_site "$work/$t-jsx0" "$tree" mdx "$BASE" jsx
  fi
done
sites="empty md mdx jsx"
[ "$BASE" -eq 0 ] || sites="$sites md0 mdx0 jsx0"
for r in $(seq "$RUNS"); do
  t=0
  for tree in $trees; do
    t=$((t + 1))
    for s in $sites; do echo "$t $s $(cpu "$tree" "$work/$t-$s")"; done
  done
done > "$work/cpu"
[ -z "${VERBOSE:-}" ] || cat "$work/cpu" >&2
[ "$SIZE" -eq 1 ] || echo "SIZE=$SIZE JSX=$JSX: a page's body $(body | wc -c) B as Markdown, $(body jsx | wc -c) B with JSX"
t=0
for tree in $trees; do
  t=$((t + 1))
  [ "$trees" = "$here" ] || echo "$tree:"
  [ "$BASE" -eq 0 ] || echo "marginal cost: sites of $N pages against sites of $BASE of the same variant"
  awk -v t="$t" -v n="$N" -v base="$BASE" '
    function median(a, k,   i, j, x) { for (i = 2; i <= k; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
      return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2 }
    $1 == t { c[$2, ++k[$2]] = $3 }
    $1 == 1 { c1[$2, ++k1[$2]] = $3 }
    END {
      for (r = 1; r <= k["empty"]; r++) {
        e = c["empty", r]; pm[r] = (c["md", r] - e) / n * 1000; px[r] = (c["mdx", r] - e) / n * 1000; pj[r] = (c["jsx", r] - e) / n * 1000
        if (base > 0) { d = (n - base) / 1000; pm[r] = (c["md", r] - c["md0", r]) / d; px[r] = (c["mdx", r] - c["mdx0", r]) / d; pj[r] = (c["jsx", r] - c["jsx0", r]) / d }
        rx[r] = px[r] / pm[r]; rj[r] = pj[r] / pm[r]; se[r] = e; sm[r] = c["md", r]; sx[r] = c["mdx", r]; sj[r] = c["jsx", r]
        lo = (r == 1 || rj[r] < lo) ? rj[r] : lo; hi = (r == 1 || rj[r] > hi) ? rj[r] : hi
      }
      R = k["empty"]
      printf "CPU s (median of %d rounds): empty %.3f, %d Markdown pages %.3f, %d plain .mdx pages %.3f, %d .mdx pages with JSX %.3f\n", R, median(se, R), n, median(sm, R), n, median(sx, R), n, median(sj, R)
      mj = median(pj, R); mm = median(pm, R); mx = median(px, R)
      printf "per page (median of rounds): Markdown %.2f ms, plain .mdx %.2f ms, .mdx with JSX %.2f ms\n", mm, mx, mj
      printf "ratio .mdx with JSX / Markdown, by round: median %.2fx (%.2f-%.2fx); plain .mdx %.2fx\n", median(rj, R), lo, hi, median(rx, R)
      if (t > 1) {
        for (r = 1; r <= R; r++) {
          e1 = c1["empty", r]; b[r] = pj[r] / ((c1["jsx", r] - e1) / n * 1000)
          if (base > 0) b[r] = pj[r] / ((c1["jsx", r] - c1["jsx0", r]) / (n - base) * 1000)
          blo = (r == 1 || b[r] < blo) ? b[r] : blo; bhi = (r == 1 || b[r] > bhi) ? b[r] : bhi
        }
        printf "JSX page against the first tree, by round: median %.3fx (%.3f-%.3fx)\n", median(b, R), blo, bhi
      }
    }' "$work/cpu"
done
