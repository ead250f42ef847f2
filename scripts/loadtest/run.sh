#!/usr/bin/env bash
# run.sh: the README's load run. Serves the load-test database (filled by
# `go run ./scripts/loadtest`) and drives the league page and the standings API with wrk,
# 64 connections over 2 threads, each request for a random one of the 1,000 leagues.
#   scripts/loadtest/run.sh [DATABASE_URL]
# NOCACHE=1 measures with every response computed: a random query string makes every URL
# new, so the server's public cache never answers.
set -euo pipefail
cd "$(dirname "$0")/../.."
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
for pattern in "/leagues/%d" "/api/v1/leagues/%d/standings"; do
  p=$pattern
  if [ "${NOCACHE:-}" = 1 ]; then p="$pattern?r=RANDOM"; fi
  echo "== GET $pattern"
  LEAGUES=$leagues PATTERN=$p wrk -t2 -c64 -d"$duration" --latency -s scripts/loadtest/random.lua "http://$addr" |
    grep -E 'Latency|50%|90%|99%|Requests/sec|Non-2xx|Socket errors'
done
