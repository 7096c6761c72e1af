# Shared by bench/docusaurus/run.sh, bench/docusaurus/realsite.sh and scripts/docusaurus-compat.sh,
# which all build with the same Docusaurus.

# docusaurus_install DIR: installs Docusaurus 3.8.1 and the classic preset into DIR unless it is there.
# webpack is held at 5.99: later 5.x releases reject the progress-bar options Docusaurus 3.8.1 passes.
docusaurus_install() {
  [ -x "$1/node_modules/.bin/docusaurus" ] && return 0
  mkdir -p "$1"
  cat > "$1/package.json" <<'JSON'
{ "private": true, "dependencies": {
  "@docusaurus/core": "3.8.1", "@docusaurus/preset-classic": "3.8.1",
  "@mdx-js/react": "^3.0.0", "react": "^19.0.0", "react-dom": "^19.0.0" },
  "overrides": { "webpack": "5.99.9" } }
JSON
  echo "installing Docusaurus 3.8.1 into $1" >&2
  (cd "$1" && npm install --no-audit --no-fund --loglevel=error >npm-install.log 2>&1) || { cat "$1/npm-install.log" >&2; return 1; }
}

# gnu_time_install: GNU time reports the CPU time of each build's whole process tree.
gnu_time_install() {
  [ -x /usr/bin/time ] && return 0
  echo "installing Debian's time (GNU time)" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null
}
