# SPDX-License-Identifier: GPL-3.0-or-later
# boxoffice-server instances 1-3, HAProxy in front of them, and the payment sandbox.
# shellcheck shell=bash

server_port() { local v="SERVER${1}_PORT"; echo "${!v}"; }
server_pid() { pid_of "$run/server-$1.pid"; }
server_ready() { http_ok "http://127.0.0.1:$(server_port "$1")/readyz"; }

haproxy_admin() { # one command on HAProxy's admin socket (TCP, so bash alone can speak it)
  exec 3<>"/dev/tcp/127.0.0.1/$HAPROXY_ADMIN_PORT" || return 1
  printf '%s\n' "$1" >&3
  timeout 5 cat <&3
  exec 3<&-
}
haproxy_running() { alive "$(pid_of "$run/haproxy.pid")"; }

server_start() {
  local n=$1 port binary
  port=$(server_port "$n")
  alive "$(server_pid "$n")" && return 0
  binary="$build/server/boxoffice-server"
  [[ -x $binary ]] || { echo "cluster: no $binary (build it, or set BOXOFFICE_BUILD_DIR)" >&2; return 1; }
  mkdir -p "$run/server-$n"
  (
    set -a
    # shellcheck disable=SC1091
    source "$run/server-settings.env"
    set +a
    export BOXOFFICE_DATABASE_URL BOXOFFICE_DATABASE_READ_URL BOXOFFICE_REDIS_SENTINELS \
      BOXOFFICE_REDIS_MASTER BOXOFFICE_PAYMENT_URL
    BOXOFFICE_DATABASE_URL=$(pg_multihost_url)
    BOXOFFICE_DATABASE_READ_URL=$(pg_read_url)
    BOXOFFICE_REDIS_SENTINELS=$(sentinel_list)
    BOXOFFICE_REDIS_MASTER=$master_name
    BOXOFFICE_PAYMENT_URL=http://127.0.0.1:$SANDBOX_PORT
    unset BOXOFFICE_REDIS_URL
    # The pid file is written by the shell that then becomes the server (exec keeps the pid).
    nohup setsid bash -c "echo \$\$ >'$run/server-$n.pid'; exec '$binary' serve --listen 127.0.0.1:$port --data-dir '$run/server-$n'" \
      </dev/null >>"$run/server-$n.log" 2>&1 &
  )
  wait_until 5 test -s "$run/server-$n.pid"
}

server_wait_ready() {
  wait_until "${2:-90}" server_ready "$1" || {
    echo "cluster: server $1 not ready; tail of $run/server-$1.log:" >&2
    tail -5 "$run/server-$1.log" >&2
    return 1
  }
  haproxy_running && haproxy_admin "set server servers/s$1 state ready" >/dev/null
  return 0
}

servers_up() {
  server_start 1 && server_wait_ready 1 # the first one runs the migrations alone
  server_start 2
  server_start 3
  server_wait_ready 2
  server_wait_ready 3
}

# Drain: HAProxy sends no new requests, open ones finish; then SIGTERM (the server drains its
# own workers and exits).
server_stop() {
  local n=$1 pid
  pid=$(server_pid "$n")
  alive "$pid" || return 0
  if haproxy_running; then
    haproxy_admin "set server servers/s$n state drain" >/dev/null
    wait_until 10 server_idle "$n" || true
  fi
  stopped "$pid" && kill -CONT "$pid"
  kill -TERM "$pid"
  wait_until 15 bash -c "! kill -0 $pid 2>/dev/null" || kill -KILL "$pid"
  haproxy_running && haproxy_admin "set server servers/s$n state maint" >/dev/null
  return 0
}

server_idle() { # no session open at HAProxy towards server N (column 5 of show stat is scur)
  [[ $(haproxy_admin "show stat" | awk -F, -v s="s$1" '$1=="servers" && $2==s {print $5}') == 0 ]]
}

servers_down() { for n in 1 2 3; do server_stop "$n"; done; }

server_kill() {
  local pid
  pid=$(server_pid "$1")
  alive "$pid" || { echo "cluster: server $1 is not running" >&2; return 1; }
  kill -KILL "$pid"
  echo "cluster: killed server $1 (pid $pid)"
}

server_pause() {
  local pid
  pid=$(server_pid "$1")
  alive "$pid" || { echo "cluster: server $1 is not running" >&2; return 1; }
  kill -STOP "$pid"
  echo "cluster: paused server $1 (pid $pid); heal resumes it"
}

servers_heal() {
  local n pid
  for n in 1 2 3; do
    pid=$(server_pid "$n")
    if alive "$pid" && stopped "$pid"; then
      kill -CONT "$pid"
    elif ! alive "$pid"; then
      server_start "$n"
    fi
  done
  for n in 1 2 3; do server_wait_ready "$n"; done
}

servers_status() {
  local n pid rc=0
  for n in 1 2 3; do
    pid=$(server_pid "$n")
    if alive "$pid" && stopped "$pid"; then
      say "server-$n" "paused (pid $pid)"; rc=3
    elif alive "$pid" && server_ready "$n"; then
      say "server-$n" "ready on 127.0.0.1:$(server_port "$n") (pid $pid)"
    elif alive "$pid"; then
      say "server-$n" "running, not ready (pid $pid)"; rc=3
    else
      say "server-$n" "down"; rc=3
    fi
  done
  return $rc
}

haproxy_up() {
  haproxy_running && return 0
  local conf="$run/haproxy.cfg"
  cat >"$conf" <<CONF
global
  maxconn 4000
  stats socket ipv4@127.0.0.1:$HAPROXY_ADMIN_PORT level admin

defaults
  mode http
  timeout connect 1s
  timeout client 120s
  timeout server 60s
  timeout http-request 10s
  timeout queue 10s
  # WebSocket upgrades pass through; an upgraded connection is a tunnel.
  timeout tunnel 1h
  # Only a refused connection is retried elsewhere: the request never left, so no hold is
  # taken twice.
  retries 3
  option redispatch 1
  retry-on conn-failure

frontend boxoffice
  bind 127.0.0.1:$HAPROXY_PORT
  default_backend servers

backend servers
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server check inter 500ms fastinter 250ms downinter 500ms fall 2 rise 2 on-marked-down shutdown-sessions
  server s1 127.0.0.1:$SERVER1_PORT
  server s2 127.0.0.1:$SERVER2_PORT
  server s3 127.0.0.1:$SERVER3_PORT
CONF
  haproxy -q -c -f "$conf"
  haproxy -D -f "$conf" -p "$run/haproxy.pid"
  wait_until 5 port_in_use "$HAPROXY_PORT"
}

haproxy_down() {
  local pid
  pid=$(pid_of "$run/haproxy.pid")
  alive "$pid" && kill -USR1 "$pid" # soft stop: finishes open connections
  wait_until 10 bash -c "! kill -0 ${pid:-0} 2>/dev/null" || kill -TERM "$pid" 2>/dev/null || true
}

haproxy_status() {
  if haproxy_running; then
    say haproxy "up on 127.0.0.1:$HAPROXY_PORT; backends $(haproxy_admin "show stat" | awk -F, '$1=="servers" && $2 ~ /^s/ {printf "%s=%s ", $2, $18}')"
  else
    say haproxy "down"
    return 3
  fi
}

sandbox_running() { alive "$(pid_of "$run/sandbox.pid")"; }

sandbox_up() {
  sandbox_running && return 0
  local binary="$build/payment-sandbox/payment-sandbox"
  [[ -x $binary ]] || { echo "cluster: no $binary" >&2; return 1; }
  mkdir -p "$run/sandbox"
  (
    set -a
    # shellcheck disable=SC1091
    source "$run/server-settings.env"
    set +a
    nohup setsid bash -c "echo \$\$ >'$run/sandbox.pid'; exec '$binary' --listen 127.0.0.1:$SANDBOX_PORT \
      --webhook-url http://127.0.0.1:$HAPROXY_PORT/payments/webhook \
      --webhook-secret '$BOXOFFICE_PAYMENT_WEBHOOK_SECRET' --api-key '$BOXOFFICE_PAYMENT_API_KEY' \
      --state-file '$run/sandbox/state.json' --retry-base-ms 500 --retry-max-ms 5000 \
      --max-attempts 30 --enable-control" </dev/null >>"$run/sandbox.log" 2>&1 &
  )
  wait_until 10 http_ok "http://127.0.0.1:$SANDBOX_PORT/healthz" || {
    echo "cluster: payment sandbox did not start; see $run/sandbox.log" >&2
    return 1
  }
}

sandbox_down() {
  local pid
  pid=$(pid_of "$run/sandbox.pid")
  alive "$pid" || return 0
  kill -TERM "$pid"
  wait_until 10 bash -c "! kill -0 $pid 2>/dev/null" || kill -KILL "$pid"
}

sandbox_restart() { # SIGKILL, then the same state file: intents in flight finish after the start
  local pid
  pid=$(pid_of "$run/sandbox.pid")
  alive "$pid" && kill -KILL "$pid"
  wait_until 5 bash -c "! kill -0 ${pid:-0} 2>/dev/null"
  sandbox_up
  echo "cluster: restarted the payment sandbox"
}

sandbox_webhooks() { # normal|duplicate|reorder|drop|delay MS
  local body="{\"mode\":\"$1\"}"
  [[ $1 != delay ]] || body="{\"mode\":\"delay\",\"delay_ms\":${2:?delay needs milliseconds}}"
  curl -fsS --max-time 5 -X POST -H 'Content-Type: application/json' -d "$body" \
    "http://127.0.0.1:$SANDBOX_PORT/control/delivery_mode" >/dev/null
  echo "cluster: webhook delivery $1${2:+ $2 ms}"
}

sandbox_heal() {
  sandbox_up
  sandbox_webhooks normal >/dev/null
}

sandbox_status() {
  if sandbox_running && http_ok "http://127.0.0.1:$SANDBOX_PORT/healthz"; then
    say sandbox "up on 127.0.0.1:$SANDBOX_PORT, webhooks $(curl -fsS --max-time 2 "http://127.0.0.1:$SANDBOX_PORT/control/delivery_mode")"
  else
    say sandbox "down"
    return 3
  fi
}
