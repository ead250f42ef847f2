# TableStakes: `make run` starts the app with demo data on the local Postgres;
# `make test` runs every check and test against a real Postgres and a real Chromium.
GO ?= go
ADDR ?= 127.0.0.1:8080

.PHONY: clean-testdb run migrate test build generate fmt check-fmt vet check-templ bench ensure ensure-postgres ensure-chromium sweep

## run: serve on $(ADDR) with demo accounts (README), on the local Postgres unless DATABASE_URL is set
run: ensure-postgres
	$(GO) run ./cmd/tablestakes serve --addr $(ADDR) --demo

## migrate: apply pending migrations and exit
migrate: ensure-postgres
	$(GO) run ./cmd/tablestakes migrate

## test: gofmt, go vet, templ freshness, then every test with the race detector. The store
## and web tests mostly wait on Postgres, so four run at once in each package (-parallel 4)
## even on two cores; the timeout leaves room for a machine shared with other work.
## The web package's Chromium journeys (TestBrowser*, two at a time in one shared browser)
## run in a go test process of their own, beside the rest: in one process a journey waiting
## for its turn in the browser held one of the package's four -parallel places, and the
## HTTP tests waited behind it. The web test binary is built once first, so the two
## processes do not both compile it. go test starts the packages' runs in the order they
## are named, so ./web/ (the longest of the rest) is named first; ./... then names every
## package (./web/ once). Journeys are named TestBrowser* and live in ./web/ only (checked
## below), since -skip applies to every package named.
test: ensure check-fmt vet check-templ
	@out=$$(grep -rl --include='*_test.go' '^func TestBrowser' . | grep -v '^\./web/[^/]*$$' || true); \
	if [ -n "$$out" ]; then echo "TestBrowser* journeys outside ./web/ (make test would skip them):"; echo "$$out"; exit 1; fi
	$(GO) test -race -count=1 -run '^$$' ./web/ >/dev/null
	@$(GO) test -race -count=1 -parallel 4 -timeout 30m -run '^TestBrowser' ./web/ & journeys=$$!; \
	$(GO) test -race -count=1 -parallel 4 -timeout 30m -skip '^TestBrowser' ./web/ ./...; rest=$$?; \
	wait $$journeys; browser=$$?; \
	echo "the Chromium journeys of ./web/ (go test -run '^TestBrowser' ./web/): $$([ $$browser = 0 ] && echo ok || echo FAILED)"; \
	[ $$rest = 0 ] && [ $$browser = 0 ]

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
