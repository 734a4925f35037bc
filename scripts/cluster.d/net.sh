# SPDX-License-Identifier: GPL-3.0-or-later
# Network faults of scripts/cluster (nftables, so they need root): every part talks over
# loopback on ports of its own, so a rule on a port is a fault on one link.
#   net_partition pg|redis: the primary's port drops every packet, both ways: isolated from the
#     servers, its standby or replica and (Redis) the Sentinels, though still running;
#   net_loss PCT: PCT % of the packets to and from every PostgreSQL and Redis port are lost;
#     the retransmissions (200 ms and more each) are the latency this brings, since this
#     kernel has no netem qdisc for a delay of its own.
# The rules live in a table of this cluster's; heal deletes it.
# shellcheck shell=bash

net_table() { echo "boxoffice_$(basename "$run" | tr -c 'a-zA-Z0-9_\n' '_')"; }

net_require() {
  command -v nft >/dev/null || { echo "cluster: nft is missing (scripts/setup installs nftables)" >&2; return 1; }
  [[ $(id -u) -eq 0 ]] || { echo "cluster: network faults need root (nftables)" >&2; return 1; }
}

net_drop_ports() { # net_drop_ports EXPRESSION PORT...: drops packets from or to these ports
  local expression=$1 table ports
  shift
  table=$(net_table)
  ports=$(IFS=,; echo "$*")
  nft add table inet "$table"
  nft add chain inet "$table" out "{ type filter hook output priority 0; }"
  nft add rule inet "$table" out tcp dport "{ $ports }" $expression drop
  nft add rule inet "$table" out tcp sport "{ $ports }" $expression drop
}

net_partition() {
  net_require || return 1
  local port
  case "$1" in
    pg) port=$(pg_port "$(pg_primary)") ;;
    redis) port=$(redis_master_port) || { echo "cluster: no Redis primary known" >&2; return 1; } ;;
    *) echo "cluster: partition pg|redis" >&2; return 2 ;;
  esac
  net_drop_ports "" "$port"
  echo "partitioned: the $1 primary (port $port) is cut off"
}

net_loss() {
  net_require || return 1
  local percent=$1
  [[ $percent =~ ^[0-9]+$ && $percent -ge 1 && $percent -le 100 ]] || { echo "cluster: loss 1-100" >&2; return 2; }
  net_drop_ports "numgen random mod 100 < $percent" \
    "$PG_A_PORT" "$PG_B_PORT" "$REDIS_A_PORT" "$REDIS_B_PORT" \
    "$SENTINEL1_PORT" "$SENTINEL2_PORT" "$SENTINEL3_PORT"
  echo "lossy: $percent % of the packets to and from PostgreSQL and Redis are dropped"
}

net_heal() {
  command -v nft >/dev/null || return 0
  nft delete table inet "$(net_table)" 2>/dev/null || true
}
