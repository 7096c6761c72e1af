#!/usr/bin/env bash
# Why this exists: issue 2 compares docsd's build speed with Docusaurus 3.8.1's on this site. The
# content format is Docusaurus-compatible (DESIGN.md §3), so Docusaurus can build our own content.
# This script installs Docusaurus from the npm registry into a temporary folder (nothing of it is
# kept or committed) inside the repository's .bench/ (ignored by git): both tools build inside the
# checkout, where a CI job builds, not in /tmp, which on this machine is several times slower to
# create files in (2-core VM, ext4: 662 files take 140-170 ms in /tmp against 20-45 ms beside the
# repository). Then compare.mjs copies our content there, times cold builds of both tools
# alternately in the same run and prints a Markdown table (--record also writes it into BENCHMARKS.md).
# Usage: bench/docusaurus/run.sh [--record] [--docsd-runs N] [--docusaurus-runs N]
# (`make bench-docusaurus` builds bin/docsd first and records.)
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
. "$here/bench/lib/docusaurus.sh"
gnu_time_install
mkdir -p "$here/.bench"
work=$(mktemp -d "$here/.bench/docusaurus-XXXX")
trap 'rm -rf "$work"' EXIT
docusaurus_install "$work"
node "$here/bench/docusaurus/compare.mjs" --site "$work" "$@"
