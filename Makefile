# The two commands of the README's quick start are `make serve` and `make test`; both install what
# they need first (npm packages, Go modules, Debian's Chromium for the browser tests).
.PHONY: setup serve test test-go test-browser docsd chromium

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

serve: setup
	bin/docsd build --once --out build
	bin/docsd serve --dir build

test: test-go test-browser

test-go: setup
	go vet ./...
	go test ./...

test-browser: setup chromium
	node --test --test-concurrency=1 tests/browser/
