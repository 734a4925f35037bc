#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# ctest server_check_config: `boxoffice-server check-config` lists every problem of a broken
# configuration at once, each explained, and exits 1; a good one (the private PostgreSQL and
# Redis of scripts/services) passes with exit 0.
#   check-config-test.sh SERVER_BINARY
set -euo pipefail
binary=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
clean_env=(env -i PATH=/usr/bin:/bin HOME="$work" LANG=C.UTF-8)

# Port 1 on loopback refuses connections: PostgreSQL is "down".
cat >"$work/broken.conf" <<CONF
# five mistakes an admin could make
BOXOFFICE_LISTN=127.0.0.1:8080
BOXOFFICE_HOLD_SECONDS=ten minutes
BOXOFFICE_LOG_FORMAT=yaml
BOXOFFICE_JWT_SECRET_FILE=$work/no-such-secret
BOXOFFICE_DATABASE_URL=postgresql://boxoffice@127.0.0.1:1/boxoffice
BOXOFFICE_DATA_DIR=$work/data
this line is not a setting
CONF
status=0
"${clean_env[@]}" "$binary" check-config --config "$work/broken.conf" >"$work/out.txt" 2>&1 || status=$?
cat "$work/out.txt"
[[ $status -eq 1 ]] || fail "exit status $status, expected 1"
expect() { grep -qF -- "$1" "$work/out.txt" || fail "no line saying: $1"; }
expect "BOXOFFICE_LISTN is not a setting boxoffice-server knows"
expect 'error: --hold-seconds (BOXOFFICE_HOLD_SECONDS) must be 1-86400, not "ten minutes"'
expect 'error: --log-format (BOXOFFICE_LOG_FORMAT) must be text or json, not "yaml"'
expect "error: BOXOFFICE_JWT_SECRET_FILE: cannot read $work/no-such-secret"
expect "error: PostgreSQL: "
expect "not a KEY=value line, ignored: this line is not a setting"
expect "check-config: 4 errors"
# `serve` refuses the same file, naming every problem too.
status=0
"${clean_env[@]}" "$binary" serve --config "$work/broken.conf" >"$work/serve.txt" 2>&1 || status=$?
[[ $status -eq 2 ]] || fail "serve exit status $status, expected 2"
[[ $(grep -c '^boxoffice-server: ' "$work/serve.txt") -ge 4 ]] || fail "serve: $(cat "$work/serve.txt")"

# A systemd credential (LoadCredential=jwt-secret:...) is read from $CREDENTIALS_DIRECTORY.
mkdir -m 0700 "$work/credentials"
printf '%s\n' "$(openssl rand -hex 32)" >"$work/credentials/jwt-secret"
printf 'BOXOFFICE_DATA_DIR=%s\n' "$work/data" >"$work/credential.conf"
"${clean_env[@]}" CREDENTIALS_DIRECTORY="$work/credentials" "$binary" check-config \
  --config "$work/credential.conf" >"$work/credential.txt" || true
! grep -q 'BOXOFFICE_JWT_SECRET is not set' "$work/credential.txt" ||
  fail "the jwt-secret credential was not read: $(cat "$work/credential.txt")"
"${clean_env[@]}" "$binary" check-config --config "$work/credential.conf" >"$work/none.txt" || true
grep -q 'BOXOFFICE_JWT_SECRET is not set' "$work/none.txt" || fail "no warning without a secret"

if [[ -z "${BOXOFFICE_TEST_DATABASE_URL:-}" ]]; then
  echo "SKIP: the good configuration needs scripts/services (BOXOFFICE_TEST_DATABASE_URL)"
  exit 0
fi
printf '%s\n' "$(openssl rand -hex 32)" >"$work/jwt-secret"
cat >"$work/good.conf" <<CONF
BOXOFFICE_LISTEN=127.0.0.1:0
BOXOFFICE_DATABASE_URL=$BOXOFFICE_TEST_DATABASE_URL
BOXOFFICE_REDIS_URL=$BOXOFFICE_TEST_REDIS_URL
BOXOFFICE_DATA_DIR=$work/data
BOXOFFICE_JWT_SECRET_FILE=$work/jwt-secret
CONF
"${clean_env[@]}" "$binary" check-config --config "$work/good.conf" >"$work/good.txt" ||
  { cat "$work/good.txt"; fail "a good configuration failed"; }
cat "$work/good.txt"
grep -q '^ok: PostgreSQL answers' "$work/good.txt" || fail "PostgreSQL not checked"
grep -q '^ok: Redis answers' "$work/good.txt" || fail "Redis not checked"
