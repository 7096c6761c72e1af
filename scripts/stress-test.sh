#!/usr/bin/env bash
# Runs the whole Go suite N times in a row with -count=1 while one busy loop per core keeps the
# machine loaded, and stops at the first failing run. It is how we show that no test depends on how
# fast or busy the machine is (`make test-stress`, `N=3 make test-stress`).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
busy=()
stop() { for p in "${busy[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap stop EXIT
for _ in $(seq "$(nproc)"); do
	sh -c 'while :; do :; done' &
	busy+=($!)
done
for i in $(seq "$runs"); do
	echo "stress run $i of $runs (with $(nproc) busy loops)"
	mkdir -p test-results
	if ! go test -timeout 60m -count=1 ./... >"test-results/stress-$i.log" 2>&1; then
		grep -E '^(--- FAIL|FAIL|panic)' "test-results/stress-$i.log" || true
		echo "stress run $i failed: test-results/stress-$i.log"
		exit 1
	fi
done
echo "stress: $runs of $runs runs of the Go suite passed with both cores busy"
