#!/bin/sh
# cost.sh [N]: what an MDX page costs to build against a Markdown page of the same size (issue #21:
# at most 3x). It builds four generated sites with `docsd build --once` on the fixture's config
# (testdata/sites/mdx): N pages of one body as .md, the same N bodies as .mdx (plain Markdown, which
# docsd renders with goldmark: pkg/mdx.UsesMDXSyntax), the same N bodies as .mdx written with JSX
# (the note is an imported <Admonition>, so the MDX compiler runs), and the site with no such pages;
# each page's cost is (site - empty) / N, in CPU seconds (user+sys of docsd and its Node processes,
# which docsd waits for), the median of RUNS (default 3) builds. The machine is shared, so
# CPU time, not wall time, is the measure.
set -eu
N=${1:-200} RUNS=${RUNS:-3}
here=$(cd "$(dirname "$0")/../.." && pwd)
docsd=${DOCSD:-$here/bin/docsd}
work=$(mktemp -d)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
body() { # body [jsx]
  [ -z "${1:-}" ] || printf "import Admonition from '@theme/Admonition';\n\n"
  cat <<'MD' | if [ -n "${1:-}" ]; then sed 's#^:::note$#<Admonition type="note">#; s#^:::$#</Admonition>#'; else cat; fi
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
make_site() { # make_site DIR EXT COUNT [jsx]
  mkdir -p "$1" && cp -r "$here/testdata/sites/mdx/." "$1/" && ln -s "$here/site" "$1/site"
  rm -f "$1/content/docs/guide/install.mdx" "$1/content/docs/guide/_shared-note.mdx" "$1/content/docs/guide/reference.md"
  sed -i 's#\[install page\](./install.mdx)#install page#; s#\[platform section\](./install.mdx\#pick-a-platform)#platform section#' "$1/content/docs/guide/intro.md"
  i=0
  while [ $i -lt "$3" ]; do
    { printf -- '---\ntitle: Page %s\n---\n\n' $i; body "${4:-}"; } > "$1/content/docs/guide/page-$i.$2"
    i=$((i + 1))
  done
}
cpu() { # cpu DIR: median CPU seconds of RUNS builds
  for r in $(seq "$RUNS"); do
    /usr/bin/time -f '%U %S' -o "$work/t" "$docsd" build --once --root "$1" --out "$work/out-$(basename "$1")" >/dev/null 2>&1
    awk '{print $1 + $2}' "$work/t"
  done | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}
make_site "$work/empty" md 0
make_site "$work/md" md "$N"
make_site "$work/mdx" mdx "$N"
make_site "$work/jsx" mdx "$N" jsx
e=$(cpu "$work/empty") m=$(cpu "$work/md") x=$(cpu "$work/mdx") j=$(cpu "$work/jsx")
awk -v e="$e" -v m="$m" -v x="$x" -v j="$j" -v n="$N" 'BEGIN {
  pm = (m - e) / n * 1000; px = (x - e) / n * 1000; pj = (j - e) / n * 1000
  printf "CPU s (median of builds): empty %.2f, %d Markdown pages %.2f, %d plain .mdx pages %.2f, %d .mdx pages with JSX %.2f\n", e, n, m, n, x, n, j
  printf "per page: Markdown %.2f ms, plain .mdx %.2f ms (%.2fx), .mdx with JSX %.2f ms (%.2fx a Markdown page)\n", pm, px, px / pm, pj, pj / pm }'
