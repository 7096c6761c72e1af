# The two commands of the README's quick start are `make serve` and `make test`; both install what
# they need first (npm packages, Go modules, Debian's Chromium for the browser tests, Debian's nginx
# for the test of the shipped nginx configuration).
.PHONY: setup serve watch test test-go test-race test-browser test-ci test-stress docsd chromium nginx

setup: node_modules/.installed docsd

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

docsd:
	go build -o bin/docsd ./cmd/docsd

chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
		echo "installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

nginx:
	@if [ ! -x /usr/sbin/nginx ] && ! command -v nginx >/dev/null; then \
		echo "installing Debian's nginx-light for the test of deploy/nginx"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null; \
	fi

serve: setup
	bin/docsd build --once --out build
	bin/docsd serve --dir build

# The dev server: rebuilds what an edit affects and updates open pages.
watch: setup
	bin/docsd watch

# Every part runs even when an earlier one fails, so one run reports all of them; the exit status
# is non-zero when any part failed.
test: setup nginx chromium
	@failed=""; \
	$(MAKE) --no-print-directory test-go || failed="$$failed test-go"; \
	$(MAKE) --no-print-directory test-ci || failed="$$failed test-ci"; \
	$(MAKE) --no-print-directory test-browser || failed="$$failed test-browser"; \
	if [ -n "$$failed" ]; then echo "make test: failed:$$failed"; exit 1; fi; \
	echo "make test: test-go, test-ci and test-browser passed"

# The Go suite N times in a row (default 10) while two busy loops keep both cores loaded: no test may
# depend on how fast or busy the machine is.
test-stress: setup nginx
	scripts/stress-test.sh $(or $(N),10)

test-go: setup nginx
	go vet ./...
	go test -timeout 60m ./...
	$(MAKE) --no-print-directory test-race

# The watch tests again under the race detector: the watcher, the dev server (websocket hub, first
# build served while it renders, storms of edits) and the builder's rebuilds that run beside serving.
# TestIncrementalEqualsFull and TestInterruptedRebuildsCatchUp are left to the plain run above: under
# -race they take minutes and exercise the same code as the rebuild tests named here.
test-race: setup
	go test -race -count=1 -timeout 40m ./pkg/watch ./pkg/devserver
	go test -race -count=1 -timeout 40m ./pkg/build -run 'TestBodyEditRendersOnePage|TestTitleEditRendersItsSidebarAndNothingElse|TestBadEditKeepsLastGoodBuild|TestNewerEdits|TestPagesStream|TestLinkReportsDoNotChain'

# The shell steps of the GitHub workflow (.github/workflows/docs.yml), run here as they run there.
test-ci: setup
	scripts/ci-links.sh check
	scripts/ci-links.sh pages test-results/pages

# --test-timeout bounds each test file's process as well as each test: a file whose process never
# exits (a child it started and did not stop) fails after 15 minutes instead of holding CI until its
# own limit. The whole suite takes about 10 minutes on 2 cores.
test-browser: setup chromium
	node --test --test-concurrency=1 --test-timeout=900000 tests/browser/

# Benchmarks (not tests): figures go into BENCHMARKS.md with the command that produced them.
.PHONY: bench bench-build bench-watch bench-docusaurus bench-serve bench-scale
bench: bench-build bench-watch

bench-build: setup
	go run ./bench/build -record

bench-watch: setup chromium
	node bench/watch.mjs --record

bench-docusaurus: setup
	bench/docusaurus/run.sh --record

bench-serve: setup nginx
	go run ./bench/serve -record

# Build and watch at 1k-10k pages on sites bench/scale/gen generates into .bench/ (issues #16, #17),
# against Hugo v0.160.0 (compiled once into .bench/tools). Larger: -pages 30000,50000 (slow).
bench-scale: setup chromium
	@test -x .bench/tools/hugo || GOBIN=$(CURDIR)/.bench/tools go install github.com/gohugoio/hugo@v0.160.0
	go run ./bench/scale -record -pages vela,1000,10000
	node bench/scale/watch.mjs --record --pages vela,1000,10000
