#!/usr/bin/env bash
# run.sh: the load run of docs/performance.md. Serves the load-test database (filled by
# `go run ./cmd/loadtest`) and drives the league page and the standings API with wrk,
# 64 connections over 2 threads, each request for a random one of the 1,000 leagues.
#   scripts/loadtest/run.sh [DATABASE_URL]
# NOCACHE=1 measures with every response computed: the requests carry
# "Cache-Control: no-cache", so the server's public cache never answers. GZIP=1 asks for
# gzip, as browsers do. wrk is Debian's package: installed with apt when missing and we are
# root (CI does not need it; only this script does).
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v wrk >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "run.sh: installing Debian's wrk" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null ||
      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
  else
    echo "run.sh: wrk is missing; run: sudo apt-get install -y wrk" >&2
    exit 1
  fi
fi
db=${1:-postgres://postgres@127.0.0.1:5432/tablestakes_perf?sslmode=disable}
addr=127.0.0.1:8099
duration=${DURATION:-30s}
go build -o /tmp/tablestakes-load ./cmd/tablestakes
DATABASE_URL=$db /tmp/tablestakes-load serve --addr "$addr" >/dev/null 2>&1 &
server=$!
trap 'kill $server' EXIT
for _ in $(seq 1 50); do curl -fs "http://$addr/healthz" >/dev/null && break; sleep 0.2; done
leagues=$(psql "$db" -Atc 'select count(*) from leagues')
games=$(psql "$db" -Atc "select count(*) from games where status = 'finished'")
echo "load run: $leagues leagues, $games recorded games, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "${NOCACHE:-}" != 1 ]; then
  # Visit every page once, as the first visitors after a start would.
  for i in $(seq 1 "$leagues"); do
    curl -fs -o /dev/null "http://$addr/leagues/$i"
    curl -fs -o /dev/null "http://$addr/api/v1/leagues/$i/standings"
  done
fi
for pattern in "/leagues/%d" "/api/v1/leagues/%d/standings"; do
  echo "== GET $pattern"
  FRESH=${NOCACHE:-0} GZIP=${GZIP:-0} LEAGUES=$leagues PATTERN=$pattern wrk -t2 -c64 -d"$duration" --latency -s scripts/loadtest/random.lua "http://$addr" |
    grep -E 'Latency|50%|90%|99%|Requests/sec|Non-2xx|Socket errors'
done
