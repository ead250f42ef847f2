# TableStakes: `make run` starts the app with demo data on the local Postgres;
# `make test` runs every check and test against a real Postgres and a real Chromium.
GO ?= go
ADDR ?= 127.0.0.1:8080

.PHONY: run test build generate fmt check-fmt vet check-templ bench ensure ensure-postgres

run: ensure-postgres
	$(GO) run ./cmd/tablestakes serve --addr $(ADDR) --demo

build:
	$(GO) build -o bin/tablestakes ./cmd/tablestakes

generate:
	$(GO) tool templ generate

fmt:
	gofmt -w .

test: ensure check-fmt vet check-templ
	$(GO) test -race -count=1 ./...

ensure: ensure-postgres
	scripts/ensure-chromium

ensure-postgres:
	scripts/ensure-postgres

check-fmt:
	@out=$$(gofmt -l . | grep -v '^vendor/' || true); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

check-templ:
	@$(GO) tool templ generate >/dev/null 2>&1 || { $(GO) tool templ generate; exit 1; }
	@out=$$(git status --porcelain -- '*_templ.go'); \
	if [ -n "$$out" ]; then echo "generated templ files are stale (run make generate and commit):"; echo "$$out"; exit 1; fi

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./league/... ./rating/... ./scheduler/... ./store/...
