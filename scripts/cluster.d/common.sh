# SPDX-License-Identifier: GPL-3.0-or-later
# Shared helpers of scripts/cluster: the run directory, ports, secrets, processes.
# shellcheck shell=bash

as_owner() { # engines run as the unprivileged service user when we are root (PostgreSQL refuses root)
  if [[ $(id -u) -eq 0 ]]; then
    (cd "$run" && runuser -u "$service_user" -- "$@")
  else
    (cd "$run" && "$@")
  fi
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

pick_port() { # a free port at or above $1 not yet given to another part of this cluster
  local port=$1
  while port_in_use "$port" || grep -qs "=$port\$" "$run/ports.env"; do port=$((port + 1)); done
  echo "$port"
}

ensure_run_dir() {
  if [[ $(id -u) -eq 0 ]] && ! id "$service_user" >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin "$service_user"
  fi
  mkdir -p "$run"
  [[ $(id -u) -ne 0 ]] || chown "$service_user" "$run"
  if [[ ! -f "$run/ports.env" ]]; then
    # Below the ephemeral range (32768+), from the run dir's path: two clusters (a hand-run one
    # and a chaos run's) start far apart, so neither takes a port the other's dead part will
    # want back at `heal`.
    local run_key port name
    run_key=$(printf '%s' "$run" | sha1sum | cut -c1-4)
    port=$((16000 + 0x$run_key % 14000))
    : >"$run/ports.env"
    for name in HAPROXY_PORT HAPROXY_ADMIN_PORT SERVER1_PORT SERVER2_PORT SERVER3_PORT \
      PG_A_PORT PG_B_PORT REDIS_A_PORT REDIS_B_PORT SENTINEL1_PORT SENTINEL2_PORT \
      SENTINEL3_PORT SANDBOX_PORT; do
      port=$(pick_port "$port")
      echo "$name=$port" >>"$run/ports.env"
      port=$((port + 1))
    done
  fi
  load_ports
}

load_ports() {
  # shellcheck disable=SC1091
  source "$run/ports.env"
}

random_secret() { head -c 32 /dev/urandom | base64 | tr -d '/+=' | cut -c1-40; }

# Secrets: the environment of `up` wins; otherwise generated once and kept (mode 600).
ensure_secrets() {
  local file="$run/secrets.env"
  if [[ ! -f $file ]]; then
    (
      umask 077
      echo "BOXOFFICE_JWT_SECRET=${BOXOFFICE_JWT_SECRET:-$(random_secret)}"
      echo "BOXOFFICE_PAYMENT_WEBHOOK_SECRET=${BOXOFFICE_PAYMENT_WEBHOOK_SECRET:-whsec_$(random_secret)}"
      echo "BOXOFFICE_PAYMENT_API_KEY=${BOXOFFICE_PAYMENT_API_KEY:-sk_test_$(random_secret)}"
      echo "BOXOFFICE_TICKET_SECRET=${BOXOFFICE_TICKET_SECRET:-$(random_secret)}"
    ) >"$file"
  fi
  # The other BOXOFFICE_* settings of `up` (pool size, reconcile periods, ...) are kept for
  # restarts by `heal`; addresses and secrets are the cluster's own.
  env | grep '^BOXOFFICE_' \
    | grep -Ev '^BOXOFFICE_(URL|DATABASE_URL|DATABASE_READ_URL|REDIS_URL|REDIS_SENTINELS|REDIS_MASTER|PAYMENT_URL|LISTEN|DATA_DIR|JWT_SECRET|PAYMENT_WEBHOOK_SECRET|PAYMENT_API_KEY|TICKET_SECRET|CLUSTER_DIR|BUILD_DIR|PG_BIN|SERVER[0-9]_URL|TEST_[A-Z_]*)=' \
    >"$run/server-settings.env" || true
  load_secrets
}

load_secrets() {
  set -a
  # shellcheck disable=SC1091
  source "$run/secrets.env"
  set +a
}

alive() { [[ -n ${1:-} ]] && kill -0 "$1" 2>/dev/null; }
pid_of() { [[ -f $1 ]] && head -1 "$1" 2>/dev/null || true; }
stopped() { [[ $(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) == T ]]; } # SIGSTOPped

wait_until() { # wait_until SECONDS command...: polls every 0.1 s
  local deadline=$((SECONDS + $1))
  shift
  while ((SECONDS < deadline)); do
    "$@" && return 0
    sleep 0.1
  done
  "$@"
}

http_ok() { curl -fsS -o /dev/null --max-time 2 "$1" 2>/dev/null; }

say() { printf '%-12s %s\n' "$1:" "$2"; }
