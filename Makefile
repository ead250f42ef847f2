# TableStakes: `make run` starts the app with demo data on the local Postgres;
# `make test` runs every check and test against a real Postgres and a real Chromium.
GO ?= go
ADDR ?= 127.0.0.1:8080
empty :=
space := $(empty) $(empty)

.PHONY: clean-testdb run migrate test build generate fmt check-fmt vet check-templ bench ensure ensure-postgres ensure-chromium sweep

## run: serve on $(ADDR) with demo accounts (README), on the local Postgres unless DATABASE_URL is set
run: ensure-postgres
	$(GO) run ./cmd/tablestakes serve --addr $(ADDR) --demo

## migrate: apply pending migrations and exit
migrate: ensure-postgres
	$(GO) run ./cmd/tablestakes migrate

## test: gofmt, go vet, templ freshness, then every test. The store and web tests mostly wait
## on Postgres, so four run at once in each package (-parallel 4) even on two cores; the
## timeout leaves room for a machine shared with other work.
## The race detector runs over every package that starts a goroutine or shares state, and
## over the web package's HTTP tests. It is left out, where it costs three to seven times as
## much and can find nothing the raced tests do not:
## - the pure domain packages (PURE: no goroutine, no sync, no atomic in their code; checked
##   below), which take values and return values;
## - three kinds of web test that make one request after another to handlers the raced tests
##   already drive: the Chromium journeys (TestBrowser*), the crawls over every demo page or
##   route (TestCrawl*) and the translation checks (Test*Translated). They live in ./web/ only
##   (checked below), since -skip applies to every package named.
## Those run in go test processes of their own beside the raced run (the journeys wait for
## one of two turns in the shared browser, and would hold -parallel places the HTTP tests
## need). The plain web test binary is built once first, so two processes do not both
## compile it. go test starts packages in the order named, so ./web/ (the longest) is first.
## The journeys are the longest pole (about 210 s alone, using two thirds of one core, but
## twice that when they share the machine), so the other runs are niced: they take the CPU
## the journeys leave while they wait on the browser.
PURE := account forecast league rating scheduler templates text
UNRACED := ^(TestBrowser|TestCrawl)|Translated$$
test: ensure check-fmt vet check-templ
	@out=$$(grep -rlE --include='*_test.go' '^func (TestBrowser|TestCrawl|Test[A-Za-z0-9_]*Translated\()' . | grep -v '^\./web/[^/]*$$' || true); \
	if [ -n "$$out" ]; then echo "TestBrowser*, TestCrawl* or Test*Translated outside ./web/ (make test would skip them):"; echo "$$out"; exit 1; fi
	@out=$$(for p in $(PURE); do ls $$p/*.go | grep -v '_test\.go$$' | xargs grep -lE '(^|[^.A-Za-z_])go (func|[A-Za-z_.]+\()|"sync"|"sync/atomic"' || true; done); \
	if [ -n "$$out" ]; then echo "PURE packages (run without the race detector) that start goroutines or use sync:"; echo "$$out"; exit 1; fi
	$(GO) test -count=1 -run '^$$' ./web/ >/dev/null
	@logs=$$(mktemp -d); \
	$(GO) test -count=1 -parallel 4 -timeout 30m -run '^TestBrowser' ./web/ > $$logs/journeys 2>&1 & journeys=$$!; \
	$(GO) test -count=1 -parallel 4 -timeout 30m -run '^TestCrawl|Translated$$' ./web/ > $$logs/crawls 2>&1 & crawls=$$!; \
	nice -n 10 $(GO) test -count=1 -parallel 4 -timeout 30m $(addprefix ./,$(addsuffix /,$(PURE))) > $$logs/pure 2>&1 & pure=$$!; \
	nice -n 10 $(GO) test -race -count=1 -parallel 4 -timeout 30m -skip '$(UNRACED)' ./web/ $$($(GO) list ./... | grep -vE '/($(subst $(space),|,$(PURE)))$$'); rest=$$?; \
	wait $$journeys; browser=$$?; wait $$crawls; crawled=$$?; wait $$pure; domain=$$?; \
	echo "--- the pure domain packages, without the race detector:"; cat $$logs/pure; \
	echo "--- the Chromium journeys of ./web/ (go test -run '^TestBrowser' ./web/):"; cat $$logs/journeys; \
	echo "--- the crawls and translation checks of ./web/ (go test -run '^TestCrawl|Translated$$' ./web/):"; cat $$logs/crawls; \
	rm -rf $$logs; \
	[ $$rest = 0 ] && [ $$browser = 0 ] && [ $$crawled = 0 ] && [ $$domain = 0 ]

build:
	$(GO) build -o bin/tablestakes ./cmd/tablestakes

## generate: regenerate the *_templ.go files from the .templ sources
generate:
	$(GO) tool templ generate

fmt:
	gofmt -w .

ensure: ensure-postgres ensure-chromium

ensure-postgres:
	scripts/ensure-postgres

ensure-chromium:
	scripts/ensure-chromium

check-fmt:
	@out=$$(gofmt -l . | grep -v '^vendor/' || true); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

check-templ:
	scripts/check-templ

## clean-testdb: drop the test databases kept by failed tests and the test templates
clean-testdb:
	scripts/clean-testdb

## sweep: the full sweeps left out of `make test` (every scheduler shape, every ladder-scanner corruption), as Go benchmarks that check what they build, once each
sweep:
	$(GO) test -run '^$$' -bench Sweep -benchtime 1x ./scheduler/ ./cmd/tablestakes/

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./scoring/... ./league/... ./rating/... ./scheduler/... ./service/... ./store/...
