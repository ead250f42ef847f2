#!/usr/bin/env bash
# under-writes.sh: each page quiet and while another server records results in other leagues.
# For each database given (filled by `go run ./cmd/loadtest -unplayed K`, which leaves K games
# of each league to record), it serves the database with two servers, A and B, signs in on A
# as the load organiser and as a player of the first league, and drives each page on A with
# wrk twice: quiet, then while `go run ./cmd/loadtest record` records results of the other
# leagues through B's API at RATE a second (default 20), as organisers at their tables would:
# the second load organiser's leagues, so that the first organiser's desk is measured while
# other people's leagues are written (the loader makes every other league organiser2's).
# It prints each page's two rates and the share it keeps, and the results a second reached.
#   scripts/loadtest/under-writes.sh DATABASE_URL [DATABASE_URL ...]
# DURATION (default 10s) and CONNECTIONS (default 16) set wrk's run; BIN serves instead of a
# build of this tree (to compare with another version). wrk is Debian's package: installed
# with apt when missing and we are root (only the load scripts need it).
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ $# -eq 0 ]; then
  echo "usage: scripts/loadtest/under-writes.sh DATABASE_URL [DATABASE_URL ...]" >&2
  exit 2
fi
if ! command -v wrk >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "under-writes.sh: installing Debian's wrk" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null ||
      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
  else
    echo "under-writes.sh: wrk is missing; run: sudo apt-get install -y wrk" >&2
    exit 1
  fi
fi
a=http://127.0.0.1:8096
b=http://127.0.0.1:8097
duration=${DURATION:-10s}
connections=${CONNECTIONS:-16}
rate=${RATE:-20}
bin=${BIN:-/tmp/tablestakes-under-writes}
[ -n "${BIN:-}" ] || go build -o "$bin" ./cmd/tablestakes
recorder=/tmp/tablestakes-loadtest
go build -o "$recorder" ./cmd/loadtest
work=$(mktemp -d)
servers=()
writers=()
stop() {
  for w in "${writers[@]}"; do kill "$w" 2>/dev/null; done
  for s in "${servers[@]}"; do kill "$s" 2>/dev/null; done
  rm -rf "$work"
}
trap stop EXIT
trap "exit 130" INT TERM

# signin USER JAR: a browser's sign-in on A; prints the Cookie header wrk sends.
signin() {
  local user=$1 jar=$2 token
  token=$(curl -fs -c "$jar" -b "$jar" "$a/login" | sed -n 's/.*name="_csrf" value="\([^"]*\)".*/\1/p' | head -n 1)
  curl -fs -o /dev/null -c "$jar" -b "$jar" --data-urlencode "_csrf=$token" \
    --data-urlencode "username=$user" --data-urlencode "password=tablestakes" "$a/login"
  awk '!/^#/ || /^#HttpOnly_/ { if (NF >= 7) printf "%s=%s; ", $6, $7 }' "$jar" | sed 's/; $//'
}

# rate PATH [COOKIE]: requests a second for PATH on A with wrk.
rate() {
  local path=$1 cookie=${2:-} args=()
  [ -n "$cookie" ] && args=(-H "Cookie: $cookie")
  wrk -t2 -c"$connections" -d"$duration" "${args[@]}" "$a$path" | awk '/Requests\/sec/ { print $2 }'
}

for db in "$@"; do
  servers=()
  for url in "$a" "$b"; do
    DATABASE_URL=$db "$bin" serve --addr "${url#http://}" >>"$work/server.log" 2>&1 &
    servers+=($!)
  done
  for url in "$a" "$b"; do
    for _ in $(seq 1 100); do curl -fs "$url/healthz" >/dev/null && break; sleep 0.1; done
  done
  games=$(psql "$db" -Atc "select count(*) from games where status = 'finished'")
  league=$(psql "$db" -Atc "select min(id) from leagues")
  ladder=$(psql "$db" -Atc "select game from leagues where id = $league")
  player=$(psql "$db" -Atc "select u.username from memberships m join users u on u.id = m.user_id where m.league_id = $league order by u.username limit 1")
  organiser=$(signin organiser "$work/organiser.jar")
  member=$(signin "$player" "$work/member.jar")
  pages=(
    "league page, anonymous|/leagues/$league|"
    "standings API, anonymous|/api/v1/leagues/$league/standings|"
    "ladder, anonymous|/ratings/$ladder|"
    "desk (front page), organiser|/|$organiser"
    "league page, organiser|/leagues/$league|$organiser"
    "league page, member|/leagues/$league|$member"
    "player page, member|/players/$player|$member"
  )
  quiet=()
  for p in "${pages[@]}"; do
    IFS='|' read -r _ path cookie <<<"$p"
    curl -fs -o /dev/null ${cookie:+-H "Cookie: $cookie"} "$a$path" # the first view fills the cache
    quiet+=("$(rate "$path" "$cookie")")
  done
  left=$(psql "$db" -Atc "select count(*) from games g join leagues l on l.id = g.league_id join users o on o.id = l.organiser_id where g.status = 'scheduled' and o.username = 'organiser2'")
  "$recorder" record -db "$db" -server "$b" -rate "$rate" -except "$league" -as organiser2 >"$work/recorded" 2>>"$work/server.log" &
  writers+=($!)
  echo "== $games recorded games, $left left to record in other leagues; two servers; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); wrk -t2 -c$connections -d$duration"
  printf '%-32s %10s %14s %7s\n' page quiet under-writes share
  i=0
  below=0
  for p in "${pages[@]}"; do
    IFS='|' read -r label path cookie <<<"$p"
    busy=$(rate "$path" "$cookie")
    share=$(awk -v a="$busy" -v b="${quiet[$i]}" 'BEGIN { printf "%.0f%%", 100 * a / b }')
    printf '%-32s %10s %14s %7s\n' "$label" "${quiet[$i]}" "$busy" "$share"
    awk -v a="$busy" -v b="${quiet[$i]}" 'BEGIN { exit !(2 * a < b) }' && below=$((below + 1))
    i=$((i + 1))
  done
  if [ "$below" -eq 0 ]; then
    echo "every page kept at least half its quiet rate"
  else
    echo "$below page(s) fell below half their quiet rate"
  fi
  for w in "${writers[@]}"; do kill "$w" 2>/dev/null; wait "$w" 2>/dev/null || true; done
  writers=()
  echo "results through B: $(cat "$work/recorded")"
  for s in "${servers[@]}"; do kill "$s"; wait "$s" 2>/dev/null || true; done
  servers=()
done
