#!/usr/bin/env bash
# signed-in.sh: the signed-in pages beside the cached anonymous league page.
# For each database given (filled by `go run ./cmd/loadtest`, at two sizes for the
# table of docs/performance.md), it serves the database, signs in as the load organiser
# and as one of its players, and drives each page with the same wrk settings, printing
# the page's rate and its share of the anonymous cached league page's rate (the floor every signed-in page is held against).
#   scripts/loadtest/signed-in.sh DATABASE_URL [DATABASE_URL ...]
# DURATION (default 10s) and CONNECTIONS (default 16) set wrk's run. wrk is Debian's package:
# installed with apt when missing and we are root (only this script needs it).
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ $# -eq 0 ]; then
  echo "usage: scripts/loadtest/signed-in.sh DATABASE_URL [DATABASE_URL ...]" >&2
  exit 2
fi
if ! command -v wrk >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "signed-in.sh: installing Debian's wrk" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null ||
      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
  else
    echo "signed-in.sh: wrk is missing; run: sudo apt-get install -y wrk" >&2
    exit 1
  fi
fi
addr=127.0.0.1:8098
base=http://$addr
duration=${DURATION:-10s}
connections=${CONNECTIONS:-16}
go build -o /tmp/tablestakes-signed-in ./cmd/tablestakes
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT

# signin USER JAR: a browser's sign-in (the form's CSRF token, then the form post); prints the
# Cookie header wrk sends.
signin() {
  local user=$1 jar=$2 token
  token=$(curl -fs -c "$jar" -b "$jar" "$base/login" | sed -n 's/.*name="_csrf" value="\([^"]*\)".*/\1/p' | head -n 1)
  curl -fs -o /dev/null -c "$jar" -b "$jar" --data-urlencode "_csrf=$token" \
    --data-urlencode "username=$user" --data-urlencode "password=tablestakes" "$base/login"
  awk '!/^#/ || /^#HttpOnly_/ { if (NF >= 7) printf "%s=%s; ", $6, $7 }' "$jar" | sed 's/; $//'
}

# rate PATH [COOKIE]: requests a second for PATH with wrk.
rate() {
  local path=$1 cookie=${2:-} args=()
  [ -n "$cookie" ] && args=(-H "Cookie: $cookie")
  wrk -t2 -c"$connections" -d"$duration" "${args[@]}" "$base$path" |
    awk '/Non-2xx/ { bad = $NF } /Requests\/sec/ { rps = $2 } END { printf "%s %s\n", rps, (bad == "" ? 0 : bad) }'
}

for db in "$@"; do
  DATABASE_URL=$db /tmp/tablestakes-signed-in serve --addr "$addr" >"$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 100); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.1; done
  games=$(psql "$db" -Atc "select count(*) from games where status = 'finished'")
  league=$(psql "$db" -Atc "select min(id) from leagues")
  player=$(psql "$db" -Atc "select u.username from memberships m join users u on u.id = m.user_id where m.league_id = $league order by u.username limit 1")
  game=$(psql "$db" -Atc "select min(id) from games where league_id = $league and status = 'finished'")
  open=$(psql "$db" -Atc "select coalesce(min(id), $game) from games where league_id = $league and status <> 'finished'")
  organiser=$(signin organiser "$work/organiser.jar")
  member=$(signin "$player" "$work/member.jar")
  curl -fs -o /dev/null "$base/leagues/$league" # the first anonymous visit fills the cache
  read -r floor _ < <(rate "/leagues/$league")
  echo "== $games recorded games; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); wrk -t2 -c$connections -d$duration"
  printf '%-36s %12s %8s %8s\n' page req/s floor non-2xx
  printf '%-36s %12s %8s %8s\n' "league page, anonymous (cached)" "$floor" "100%" 0
  while IFS='|' read -r label path who; do
    cookie=$organiser
    [ "$who" = member ] && cookie=$member
    read -r rps bad < <(rate "$path" "$cookie")
    share=$(awk -v a="$rps" -v b="$floor" 'BEGIN { printf "%.1f%%", 100 * a / b }')
    printf '%-36s %12s %8s %8s\n' "$label" "$rps" "$share" "$bad"
  done <<EOF
desk (front page), organiser|/|organiser
league page, organiser|/leagues/$league|organiser
league page, member|/leagues/$league|member
player page, member|/players/$player|member
game page, member|/games/$game|member
result form, organiser|/games/$open/result|organiser
games list, member|/games|member
ratings, member|/ratings|member
EOF
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=
done
