#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# ctest package_install (label package): installs the packages scripts/package built, configures
# the server as an admin would (secrets in files), starts it the way its systemd unit does (the
# unit's user, working directory, umask, clean environment and ExecStart, with a notification
# socket standing in for systemd's), checks /readyz, sells a ticket at the counter through the
# API, stops it with the unit's KillSignal within its TimeoutStopSec, purges the packages and
# checks that nothing is left but the data the admin owns. Root only (CI's throwaway machine).
# Needs BOXOFFICE_TEST_DATABASE_URL and BOXOFFICE_TEST_REDIS_URL (scripts/services env).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
here="$repo/tests/package"
debs="$repo/build/packages"
unit=/lib/systemd/system/boxoffice-server.service
packages=(boxoffice-server boxoffice-app boxoffice-venue-editor boxoffice-payment-sandbox)
started=$(date +%s)
step() { echo "== $(( $(date +%s) - started )) s: $*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
known() { # dpkg has the package, installed or with its configuration left
  local status
  status=$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)
  [[ -n "$status" && "$status" != *not-installed ]]
}
# `has PATTERN command...`: the command's output matches (read to the end: no SIGPIPE).
has() { local pattern=$1; shift; "$@" 2>/dev/null | grep -Ec -- "$pattern" >/dev/null; }

if [[ $(id -u) -ne 0 ]]; then
  echo "SKIP: installing packages needs root (CI runs as root)"
  exit 77
fi
: "${BOXOFFICE_TEST_DATABASE_URL:?run scripts/services start; eval \"\$(scripts/services env)\"}"
: "${BOXOFFICE_TEST_REDIS_URL:?run scripts/services start}"
ls "$debs"/boxoffice-server_*.deb >/dev/null || fail "no packages in $debs (ctest package_build)"

work=$(mktemp -d /tmp/boxoffice-pkgtest.XXXXXX)
chmod 0755 "$work"
database="boxoffice_pkgtest_$$"
admin_url="$BOXOFFICE_TEST_DATABASE_URL"
test_url="${admin_url%/*}/$database"
server_pid="" listener_pid=""
apt_options=(-y -qq -o DPkg::Lock::Timeout=300 -o Dpkg::Options::=--force-confnew)
cleanup() {
  [[ -n "$server_pid" ]] && kill -9 "$server_pid" 2>/dev/null
  [[ -n "$listener_pid" ]] && kill "$listener_pid" 2>/dev/null
  for package in "${packages[@]}"; do
    if known "$package"; then
      DEBIAN_FRONTEND=noninteractive apt-get purge "${apt_options[@]}" "${packages[@]}" \
        "${packages[@]/%/-dbgsym}" >/dev/null 2>&1 || true
      break
    fi
  done
  psql -q "$admin_url" -c "DROP DATABASE IF EXISTS $database" >/dev/null 2>&1 || true
  rm -rf /etc/boxoffice /var/lib/boxoffice "$work"
}
trap cleanup EXIT

# What the packages say about themselves: the server needs no widgets, the apps no databases.
step "control fields"
server_depends=$(dpkg-deb -f "$debs"/boxoffice-server_*.deb Depends)
[[ "$server_depends" != *widgets* ]] || fail "boxoffice-server depends on Qt Widgets: $server_depends"
[[ "$(dpkg-deb -f "$debs"/boxoffice-server_*.deb Recommends)" == *postgresql*redis-server* ]] ||
  fail "boxoffice-server should recommend postgresql and redis-server"
for app in boxoffice-app boxoffice-venue-editor; do
  fields=$(dpkg-deb -f "$debs/${app}"_*.deb Depends Recommends)
  if grep -Eq 'postgresql|redis' <<<"$fields"; then fail "$app pulls a database server: $fields"; fi
done

step "install"
for package in "${packages[@]}"; do
  if known "$package"; then
    fail "$package is already installed on this machine; purge it first"
  fi
done
debfiles=()
for package in "${packages[@]}"; do debfiles+=("$debs/${package}"_*_*.deb "$debs/${package}"-dbgsym_*.deb); done
DEBIAN_FRONTEND=noninteractive apt-get install "${apt_options[@]}" --no-install-recommends \
  "${debfiles[@]}" >"$work/apt.log" 2>&1 || { cat "$work/apt.log"; fail "apt-get install"; }
id boxoffice >/dev/null || fail "the boxoffice user was not made"
[[ -d /var/lib/boxoffice ]] || fail "/var/lib/boxoffice was not made"
for program in boxoffice-server payment-sandbox boxoffice-app venue-editor; do
  ! has '\.(symtab|debug_info)' readelf -SW "$(command -v "$program")" || fail "$program is not stripped"
  man -w "$program" >/dev/null || fail "no man page for $program"
done
build_id=$(readelf -n /usr/bin/boxoffice-server | awk '/Build ID/ {print $3}')
debug_file="/usr/lib/debug/.build-id/${build_id:0:2}/${build_id:2}.debug"
has DW_TAG_compile_unit readelf --debug-dump=info "$debug_file" ||
  fail "boxoffice-server-dbgsym has no DWARF for build id $build_id"

step "systemd-analyze"
systemd-analyze verify "$unit" || fail "systemd-analyze verify $unit"
exposure=$(systemd-analyze security --offline=yes "$unit" 2>/dev/null |
  sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p')
echo "exposure: $exposure"
awk -v e="$exposure" 'BEGIN {exit !(e != "" && e <= 2.5)}' || fail "exposure $exposure > 2.5"

# The unit, read as systemd reads it (the last assignment of a key wins).
key() { sed -n "s/^$1=//p" "$unit" | tail -1; }
user=$(key User) group=$(key Group) workdir=$(key WorkingDirectory) umask_value=$(key UMask)
read -ra exec_start <<<"$(key ExecStart)"
stop_timeout=$(key TimeoutStopSec) stop_timeout=${stop_timeout%s}
kill_signal=$(key KillSignal)
config=/etc/boxoffice/server.conf
[[ "${exec_start[*]}" == *"--config $config"* ]] || fail "ExecStart does not read $config"
[[ "$(key Type)" == notify ]] || fail "the unit is not Type=notify"

step "configure as an admin"
free_port() {
  local port
  while :; do
    port=$((20000 + RANDOM % 10000))
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
  done
}
port=$(free_port)
psql -q "$admin_url" -c "CREATE DATABASE $database" >/dev/null
install -d -m 0750 -g "$group" /etc/boxoffice/secrets
printf '%s\n' "$test_url" >/etc/boxoffice/secrets/database-url
openssl rand -hex 32 >/etc/boxoffice/secrets/jwt-secret
openssl rand -hex 32 >/etc/boxoffice/secrets/payment-webhook-secret
chgrp "$group" /etc/boxoffice/secrets/*
chmod 0640 /etc/boxoffice/secrets/*
sed -i -e "s|^BOXOFFICE_LISTEN=.*|BOXOFFICE_LISTEN=127.0.0.1:$port|" \
  -e "s|^BOXOFFICE_DATABASE_URL=.*|BOXOFFICE_DATABASE_URL_FILE=/etc/boxoffice/secrets/database-url|" \
  -e "s|^BOXOFFICE_REDIS_URL=.*|BOXOFFICE_REDIS_URL=$BOXOFFICE_TEST_REDIS_URL|" \
  -e "s|^#BOXOFFICE_JWT_SECRET_FILE=|BOXOFFICE_JWT_SECRET_FILE=|" \
  -e "s|^#BOXOFFICE_PAYMENT_WEBHOOK_SECRET_FILE=|BOXOFFICE_PAYMENT_WEBHOOK_SECRET_FILE=|" "$config"
! grep -q "$test_url" "$config" || fail "the database URL must not be in $config"

# The service's own view: a clean environment, the unit's user, umask and directory.
service_env=(env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
  HOME="$workdir" USER="$user" LOGNAME="$user" SHELL=/usr/sbin/nologin LANG=C.UTF-8)
service_user=(setpriv --reuid="$user" --regid="$group" --init-groups --no-new-privs
  --inh-caps=-all --bounding-set=-all --)
as_service() { # as_service COMMAND...: one of the unit's commands, run the unit's way
  (cd "$workdir" && umask "${umask_value:-0022}" && exec "${service_env[@]}" "${service_user[@]}" "$@")
}
as_service /usr/bin/boxoffice-server check-config --config "$config" >"$work/check-config.txt" || { cat "$work/check-config.txt"; fail "check-config"; }
grep -q '^ok: PostgreSQL answers' "$work/check-config.txt" || fail "check-config did not reach PostgreSQL"
as_service /usr/bin/boxoffice-server create-user --config "$config" --username counter \
  --password-stdin --role clerk <<<"counter-password" >/dev/null
as_service /usr/bin/boxoffice-server seed-demo --config "$config" >/dev/null

step "start as the unit does: ${exec_start[*]}"
"$here/notify-listener.pl" "$work/notify" >"$work/notify.log" &
listener_pid=$!
for _ in $(seq 50); do grep -q listening "$work/notify.log" && break; sleep 0.1; done
(cd "$workdir" && umask "${umask_value:-0022}" &&
  exec "${service_env[@]}" NOTIFY_SOCKET="$work/notify" "${service_user[@]}" "${exec_start[@]}") \
  >"$work/server.out" 2>"$work/server.err" &
server_pid=$! # the subshell exec()s the server itself
for _ in $(seq 600); do
  grep -q '^READY=1' "$work/notify.log" && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.err"; fail "the server exited"; }
  sleep 0.1
done
grep -q '^READY=1' "$work/notify.log" || fail "no READY=1 on the notification socket"
[[ "$(readlink -f "/proc/$server_pid/cwd")" == "$workdir" ]] || fail "the server is not in $workdir"
[[ "$(ps -o user= -p "$server_pid")" == "$user" ]] || fail "the server does not run as $user"
base="http://127.0.0.1:$port"
curl -fsS "$base/readyz" | jq -e '.status == "ready" and .redis == "up"' >/dev/null ||
  fail "/readyz: $(curl -sS "$base/readyz")"

step "sell a ticket at the counter"
api() { # api PATH [curl arguments]: the answer's body; fails on an error status, showing it
  local path=$1 body status
  shift
  body=$(curl -sS -w '\n%{http_code}' "$@" "$base$path")
  status=${body##*$'\n'}
  body=${body%$'\n'*}
  [[ "$status" -lt 400 ]] || fail "$path: $status $body"
  printf '%s' "$body"
}
token=$(api /auth/login -H 'Content-Type: application/json' \
  -d '{"username":"counter","password":"counter-password"}' | jq -r .access_token)
auth=(-H "Authorization: Bearer $token" -H 'Content-Type: application/json')
api /shifts "${auth[@]}" -d '{"float_cents":5000}' >/dev/null
event=$(api "/events?q=Chekhov" | jq -r '.items[0].id')
seat=$(api "/events/$event/seatmap" | jq -r '[.seats[] | select(.status == "available")][0].id')
hold=$(api /holds "${auth[@]}" -d "{\"event_id\":\"$event\",\"seats\":[\"$seat\"]}" | jq -r .hold_id)
order=$(api /orders "${auth[@]}" -H "Idempotency-Key: pkgtest-$$" \
  -d "{\"hold_id\":\"$hold\",\"payment\":{\"method\":\"cash\",\"tendered_cents\":10000}}")
jq -e '.status == "paid" and (.tickets | length) == 1' <<<"$order" >/dev/null || fail "order: $order"
order_id=$(jq -r .order_id <<<"$order")
echo "sold seat $seat of event $event: order $order_id"

step "request ids and metrics"
headers="$work/problem.headers"
problem=$(curl -sS -D "$headers" "${auth[@]}" -H 'X-Request-Id: fan-complaint-42' "$base/holds" \
  -d '{"event_id":"no-such-event","seats":["X-1-1"]}')
jq -e '.request_id == "fan-complaint-42" and (.code | length) > 0' <<<"$problem" >/dev/null ||
  fail "problem answer without the request id: $problem"
grep -qi '^X-Request-Id: fan-complaint-42' "$headers" || fail "X-Request-Id not echoed"
generated=$(curl -sS "$base/holds" -H 'Content-Type: application/json' -d '{}' | jq -r .request_id)
[[ "$generated" =~ ^[0-9a-f]{16}$ ]] || fail "no request id made up: $generated"
api /metrics >"$work/metrics.txt"
used=$(grep -ho 'boxoffice_[a-z_]*' /usr/share/boxoffice-server/prometheus/*.yml \
  /usr/share/boxoffice-server/grafana/*.json | sed 's/_bucket$//' | sort -u)
for metric in $used; do
  grep -q "^$metric" "$work/metrics.txt" || fail "alerts or dashboard use $metric, /metrics has none"
done
echo "alerts and dashboard use $(wc -w <<<"$used") series, all exported"

step "stop with $kill_signal (TimeoutStopSec=$stop_timeout)"
stop_started=$(date +%s%N)
kill -s "${kill_signal#SIG}" "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=""
stop_ms=$(( ($(date +%s%N) - stop_started) / 1000000 ))
echo "stopped in $stop_ms ms, exit $status"
[[ $status -eq 0 ]] || { tail "$work/server.err"; fail "exit status $status after $kill_signal"; }
(( stop_ms < stop_timeout * 1000 )) || fail "stop took $stop_ms ms"
grep -q '^STOPPING=1' "$work/notify.log" || fail "no STOPPING=1"
grep -q '^{' "$work/server.err" && jq -e . <"$work/server.err" >/dev/null ||
  fail "the log is not one JSON object per line"

step "purge"
files=$(for package in "${packages[@]}"; do dpkg -L "$package"; done | sort -u)
DEBIAN_FRONTEND=noninteractive apt-get purge "${apt_options[@]}" "${packages[@]}" \
  "${packages[@]/%/-dbgsym}" >"$work/purge.log" 2>&1 || { cat "$work/purge.log"; fail "purge"; }
left=$(dpkg-query -W -f='${Package} ${Status}\n' 'boxoffice*' 2>/dev/null | grep -v not-installed || true)
[[ -z "$left" ]] || fail "dpkg still knows: $left"
while read -r path; do
  [[ -z "$path" || -d "$path" ]] && continue # shared directories (/usr/bin) stay
  [[ ! -e "$path" ]] || fail "$path is still there after purge"
done <<<"$files"
[[ ! -e /usr/share/boxoffice-server && ! -e /usr/share/doc/boxoffice-server ]] || fail "share dirs left"
if find /etc /lib/systemd /var/lib/systemd -name '*boxoffice*' 2>/dev/null | grep -v '^/etc/boxoffice$' | grep .; then
  fail "systemd or configuration leftovers"
fi
# What remains is the admin's: the secrets they wrote, the data directory and the database.
remaining=$(cd /etc/boxoffice && find . -type f | sort | tr '\n' ' ')
[[ "$remaining" == "./secrets/database-url ./secrets/jwt-secret ./secrets/payment-webhook-secret " ]] ||
  fail "unexpected files in /etc/boxoffice: $remaining"
[[ -d /var/lib/boxoffice ]] || fail "purge removed the data directory"
[[ "$(psql -tA "$test_url" -c "SELECT status FROM orders WHERE id = '$order_id'")" == paid ]] ||
  fail "the sold order is gone from the database"
step "done"
