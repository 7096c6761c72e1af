#!/usr/bin/env bash
# The shell steps of .github/workflows/docs.yml. `make test` runs both commands too, so that the
# steps a pull request depends on are exercised by our own CI (.ci/run), where GitHub is not.
#
#   scripts/ci-links.sh check        build with --once; write the link report (json, sarif, markdown)
#                                    to $CI_LINKS_OUT (test-results/links); print GitHub annotations
#                                    (only for the lines changed since $CI_LINKS_BASE when it is set);
#                                    append the markdown summary to $GITHUB_STEP_SUMMARY when set.
#                                    Exits 3 when the site has broken links: the site is held to
#                                    zero, a stricter bar than docsd's warn-only default.
#   scripts/ci-links.sh pages DIR    build with --once and lay the site out for GitHub Pages under
#                                    DIR/docs/ (the base path), with the not-found page at DIR/404.html.
#
# $CI_LINKS_ROOT is the project (default: this repository); $DOCSD the docsd binary to build and use.
set -euo pipefail
cd "$(dirname "$0")/.."
root=${CI_LINKS_ROOT:-.}

docsd=${DOCSD:-bin/docsd}
go build -o "$docsd" ./cmd/docsd

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

case "${1:-check}" in
check)
	out=${CI_LINKS_OUT:-test-results/links}
	mkdir -p "$out"
	status=0
	"$docsd" build --once --root "$root" --out "${CI_LINKS_BUILD:-$tmp/build}" \
		--links-report "$out/links.json" --links-format json --fail-on-broken-links || status=$?
	# 3 is "built, with broken links"; anything else is a failed build and there is no report.
	if [ "$status" -ne 0 ] && [ "$status" -ne 3 ]; then
		exit "$status"
	fi
	"$docsd" links --in "$out/links.json" --format sarif --out "$out/links.sarif"
	"$docsd" links --in "$out/links.json" --format markdown --out "$out/summary.md"
	"$docsd" links --in "$out/links.json" --format text --out "$out/links.txt"
	# Annotations go to standard output, where the Actions runner reads workflow commands. GitHub
	# shows a limited number of them per step; the job summary and the reports always hold them all.
	if [ -n "${CI_LINKS_BASE:-}" ]; then
		git -C "$root" diff -U0 --no-color "$CI_LINKS_BASE"...HEAD -- >"$out/changes.diff"
		"$docsd" links --in "$out/links.json" --format github --diff "$out/changes.diff"
	else
		"$docsd" links --in "$out/links.json" --format github
	fi
	if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
		cat "$out/summary.md" >>"$GITHUB_STEP_SUMMARY"
	fi
	# The reports must be what code scanning and the job summary read.
	grep -q '"version": "2.1.0"' "$out/links.sarif"
	grep -q '^## docsd link check' "$out/summary.md"
	if [ "$status" -eq 3 ]; then
		echo "ci-links: the site has broken links (see $out/links.txt):" >&2
		cat "$out/links.txt" >&2
	else
		echo "ci-links: no broken links; reports in $out"
	fi
	exit "$status"
	;;
pages)
	dest=${2:?usage: scripts/ci-links.sh pages DIR}
	"$docsd" build --once --root "$root" --out "$tmp/build"
	rm -rf "$dest"
	mkdir -p "$dest"
	cp -R "$tmp/build" "$dest/docs"
	# GitHub Pages serves DIR/404.html for unknown paths and has no redirects of its own: the root
	# sends readers to the docs, and .nojekyll keeps folders that start with _ (the page data).
	cp "$dest/docs/404.html" "$dest/404.html"
	cat >"$dest/index.html" <<'HTML'
<!doctype html>
<meta charset="utf-8">
<title>Vela documentation</title>
<meta http-equiv="refresh" content="0; url=/docs/">
<link rel="canonical" href="/docs/">
<a href="/docs/">Vela documentation</a>
HTML
	touch "$dest/.nojekyll"
	for f in docs/index.html docs/404.html docs/sitemap.xml 404.html index.html .nojekyll; do
		if [ ! -e "$dest/$f" ]; then
			echo "ci-links: the Pages site lacks $f" >&2
			exit 1
		fi
	done
	echo "ci-links: GitHub Pages site in $dest ($(find "$dest" -type f | wc -l) files)"
	;;
*)
	echo "usage: scripts/ci-links.sh check | pages DIR" >&2
	exit 2
	;;
esac
