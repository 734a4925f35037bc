# SPDX-License-Identifier: GPL-3.0-or-later
# PostgreSQL of scripts/cluster: nodes a and b, one primary and one synchronous streaming
# standby. $run/pg-primary names the primary. A commit is acknowledged only once the standby has
# it (synchronous_standby_names = '*'), so promoting the standby loses no acknowledged write.
# shellcheck shell=bash

pg_port() { local v="PG_${1^^}_PORT"; echo "${!v}"; }
pg_dir() { echo "$run/pg-$1"; }
pg_primary() { cat "$run/pg-primary" 2>/dev/null || echo a; }
pg_other() { [[ $1 == a ]] && echo b || echo a; }
pg_running() { [[ -f "$(pg_dir "$1")/postmaster.pid" ]] && "$pgbin/pg_isready" -q -h 127.0.0.1 -p "$(pg_port "$1")"; }
pg_sql() { # pg_sql NODE SQL: one value, as the superuser
  "$pgbin/psql" -X -qAt -h 127.0.0.1 -p "$(pg_port "$1")" -U boxoffice -d postgres -c "$2"
}

pg_multihost_url() {
  echo "postgresql://boxoffice@127.0.0.1:$PG_A_PORT,127.0.0.1:$PG_B_PORT/boxoffice?target_session_attrs=read-write&connect_timeout=2"
}
pg_read_url() { # the standby when there is one (a hot standby answers reads), else the primary
  echo "postgresql://boxoffice@127.0.0.1:$PG_A_PORT,127.0.0.1:$PG_B_PORT/boxoffice?target_session_attrs=prefer-standby&connect_timeout=2"
}

pg_start() {
  local node=$1 dir
  dir=$(pg_dir "$node")
  pg_running "$node" && return 0
  rm -f "$dir/postmaster.pid"
  as_owner "$pgbin/pg_ctl" -D "$dir" -l "$run/pg-$node.log" -w -t 60 start >/dev/null
}

pg_init_primary() {
  local node=$1 dir
  dir=$(pg_dir "$node")
  as_owner "$pgbin/initdb" -D "$dir" -U boxoffice --auth=trust -E UTF8 --locale=C.UTF-8 >"$run/initdb.log"
  # fsync off: processes are killed in the tests, never the machine (the page cache survives).
  cat >>"$dir/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$run'
max_connections = 400
shared_buffers = 128MB
fsync = off
full_page_writes = off
wal_level = replica
max_wal_senders = 8
wal_keep_size = 512MB
hot_standby = on
synchronous_commit = on
max_locks_per_transaction = 256
CONF
  echo "port = $(pg_port "$node")" >"$dir/port.conf"
  echo "include_if_exists = 'port.conf'" >>"$dir/postgresql.conf"
  pg_start "$node"
  "$pgbin/createdb" -h 127.0.0.1 -p "$(pg_port "$node")" -U boxoffice boxoffice
  echo "$node" >"$run/pg-primary"
}

# A fresh standby of the current primary, then the primary waits for it on every commit.
pg_build_standby() {
  local node=$1 primary dir
  primary=$(pg_primary)
  dir=$(pg_dir "$node")
  if [[ -f "$dir/postmaster.pid" ]]; then
    as_owner "$pgbin/pg_ctl" -D "$dir" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
  as_owner "$pgbin/pg_basebackup" -h 127.0.0.1 -p "$(pg_port "$primary")" -U boxoffice \
    -D "$dir" -R -X stream -c fast >"$run/basebackup.log" 2>&1
  echo "port = $(pg_port "$node")" >"$dir/port.conf"
  # The primary's ALTER SYSTEM settings came along; a standby needs none of them.
  local conninfo
  conninfo=$(grep -E '^primary_conninfo' "$dir/postgresql.auto.conf" || true)
  printf '%s\n' "$conninfo" >"$dir/postgresql.auto.conf"
  pg_start "$node"
  wait_until 30 pg_streaming || { echo "cluster: standby $node does not stream" >&2; return 1; }
  pg_sql "$primary" "ALTER SYSTEM SET synchronous_standby_names = '*'" >/dev/null
  pg_sql "$primary" "SELECT pg_reload_conf()" >/dev/null
}

pg_streaming() {
  [[ $(pg_sql "$(pg_primary)" "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'" 2>/dev/null) -ge 1 ]]
}

pg_up() {
  local primary
  if [[ ! -f "$run/pg-primary" ]]; then
    pg_init_primary a
    pg_build_standby b
  else
    primary=$(pg_primary)
    pg_start "$primary"
    pg_start "$(pg_other "$primary")" || pg_build_standby "$(pg_other "$primary")"
  fi
}

pg_down() {
  local node
  for node in a b; do
    [[ -f "$(pg_dir $node)/postmaster.pid" ]] || continue
    as_owner "$pgbin/pg_ctl" -D "$(pg_dir $node)" -m fast -w stop >/dev/null 2>&1 || true
  done
}

# The primary's machine dies: postmaster and every backend at once (clients see their links
# reset), then the standby is promoted and stops waiting for a standby it no longer has.
pg_kill_primary() {
  local primary standby pid
  primary=$(pg_primary)
  standby=$(pg_other "$primary")
  pg_running "$standby" || { echo "cluster: no standby to promote; heal first" >&2; return 1; }
  pid=$(pid_of "$(pg_dir "$primary")/postmaster.pid")
  alive "$pid" || { echo "cluster: primary $primary is not running" >&2; return 1; }
  kill -KILL "$pid" $(pgrep -P "$pid") 2>/dev/null || true
  wait_until 10 bash -c "! kill -0 $pid 2>/dev/null"
  as_owner "$pgbin/pg_ctl" -D "$(pg_dir "$standby")" -w -t 60 promote >/dev/null
  echo "$standby" >"$run/pg-primary"
  pg_sql "$standby" "ALTER SYSTEM SET synchronous_standby_names = ''" >/dev/null
  pg_sql "$standby" "SELECT pg_reload_conf()" >/dev/null
  echo "cluster: killed PostgreSQL $primary (pid $pid), promoted $standby"
}

pg_heal() {
  local primary standby
  primary=$(pg_primary)
  standby=$(pg_other "$primary")
  pg_start "$primary"
  if pg_running "$standby" && [[ $(pg_sql "$standby" "SELECT pg_is_in_recovery()") == t ]]; then
    pg_streaming || sleep 1
    pg_streaming && return 0
  fi
  pg_build_standby "$standby" # the old primary's data may have diverged: rebuilt, not reused
}

pg_status() {
  local node role rc=0 primary
  primary=$(pg_primary)
  for node in a b; do
    if pg_running "$node"; then
      role=$(pg_sql "$node" "SELECT CASE WHEN pg_is_in_recovery() THEN 'standby' ELSE 'primary' END")
      say "pg-$node" "up on 127.0.0.1:$(pg_port "$node") as $role"
    else
      say "pg-$node" "down"
      rc=3
    fi
  done
  if pg_running "$primary"; then
    say "pg-sync" "$(pg_sql "$primary" "SELECT coalesce(string_agg(application_name || ' ' || state || ' ' || sync_state, ', '), 'no standby') FROM pg_stat_replication")"
  fi
  return $rc
}
