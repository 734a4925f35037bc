# SPDX-License-Identifier: GPL-3.0-or-later
# Redis of scripts/cluster: nodes a and b (one primary, one replica) and three Sentinels that
# agree (quorum 2) on which one is the primary. Servers ask the Sentinels, never a fixed node.
# shellcheck shell=bash

redis_port() { local v="REDIS_${1^^}_PORT"; echo "${!v}"; }
sentinel_port() { local v="SENTINEL${1}_PORT"; echo "${!v}"; }
sentinel_list() { echo "127.0.0.1:$SENTINEL1_PORT,127.0.0.1:$SENTINEL2_PORT,127.0.0.1:$SENTINEL3_PORT"; }
redis_running() { redis-cli -p "$1" ping 2>/dev/null | grep -q PONG; }

# The primary's port as the Sentinels see it (the first Sentinel that answers).
redis_master_port() {
  local n answer
  for n in 1 2 3; do
    answer=$(redis-cli -p "$(sentinel_port $n)" sentinel get-master-addr-by-name "$master_name" 2>/dev/null | sed -n 2p)
    [[ -n $answer ]] && { echo "$answer"; return 0; }
  done
  return 1
}

redis_node_of_port() { [[ $1 == "$REDIS_A_PORT" ]] && echo a || echo b; }

redis_start() { # redis_start NODE [PRIMARY_PORT]: as a replica of PRIMARY_PORT when given
  local node=$1 port
  port=$(redis_port "$node")
  redis_running "$port" && return 0
  mkdir -p "$run/redis-$node"
  [[ $(id -u) -ne 0 ]] || chown "$service_user" "$run/redis-$node"
  local args=(--port "$port" --bind 127.0.0.1 --daemonize yes --dir "$run/redis-$node"
    --pidfile "$run/redis-$node.pid" --logfile "$run/redis-$node.log" --save '' --appendonly no)
  [[ -z ${2:-} ]] || args+=(--replicaof 127.0.0.1 "$2")
  as_owner redis-server "${args[@]}"
  wait_until 10 redis_running "$port" || { echo "cluster: redis-$node did not start" >&2; return 1; }
}

sentinel_start() {
  local n=$1 port conf
  port=$(sentinel_port "$n")
  redis_running "$port" && return 0
  conf="$run/sentinel-$n.conf"
  if [[ ! -f $conf ]]; then # Sentinel rewrites its file with what it learns: kept across restarts
    cat >"$conf" <<CONF
port $port
bind 127.0.0.1
daemonize yes
pidfile $run/sentinel-$n.pid
logfile $run/sentinel-$n.log
dir $run
sentinel monitor $master_name 127.0.0.1 $REDIS_A_PORT 2
sentinel down-after-milliseconds $master_name 1000
sentinel failover-timeout $master_name 5000
sentinel parallel-syncs $master_name 1
CONF
    [[ $(id -u) -ne 0 ]] || chown "$service_user" "$conf"
  fi
  as_owner redis-server "$conf" --sentinel
  wait_until 10 redis_running "$port" || { echo "cluster: sentinel $n did not start" >&2; return 1; }
}

redis_up() {
  local master
  if master=$(redis_master_port 2>/dev/null); then
    redis_heal
    return
  fi
  if [[ -f "$run/sentinel-1.conf" ]]; then
    # Restarting a stopped cluster: the Sentinels' files remember the last primary.
    master=$(awk -v m="$master_name" '$1=="sentinel" && $2=="monitor" && $3==m {print $5}' "$run/sentinel-1.conf")
  else
    master=$REDIS_A_PORT
  fi
  local primary replica
  primary=$(redis_node_of_port "$master")
  [[ $primary == a ]] && replica=b || replica=a
  redis_start "$primary"
  redis_start "$replica" "$master"
  for n in 1 2 3; do sentinel_start "$n"; done
  wait_until 15 redis_master_port >/dev/null
}

redis_down() {
  local port
  for port in "$SENTINEL1_PORT" "$SENTINEL2_PORT" "$SENTINEL3_PORT" "$REDIS_A_PORT" "$REDIS_B_PORT"; do
    redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true
  done
}

# SIGKILL of the primary; returns once the Sentinels name another one (seconds printed).
redis_kill_primary() {
  local master node pid started=$SECONDS
  master=$(redis_master_port) || { echo "cluster: no Sentinel answers" >&2; return 1; }
  node=$(redis_node_of_port "$master")
  pid=$(pid_of "$run/redis-$node.pid")
  alive "$pid" || { echo "cluster: redis-$node is not running" >&2; return 1; }
  kill -KILL "$pid"
  if wait_until 30 bash -c "[[ \$(redis-cli -p $SENTINEL1_PORT sentinel get-master-addr-by-name $master_name | sed -n 2p) != $master ]]"; then
    echo "cluster: killed redis-$node (pid $pid); Sentinels failed over to port $(redis_master_port) in $((SECONDS - started)) s"
  else
    echo "cluster: killed redis-$node (pid $pid); no failover within 30 s" >&2
    return 1
  fi
}

redis_heal() {
  local n master node
  for n in 1 2 3; do sentinel_start "$n"; done
  master=$(wait_until 15 redis_master_port) || { echo "cluster: Sentinels do not answer" >&2; return 1; }
  node=$(redis_node_of_port "$master")
  redis_running "$master" || redis_start "$node" # nothing to fail over to: it starts empty
  for n in a b; do
    [[ $n == "$node" ]] || redis_start "$n" "$master"
  done
}

redis_status() {
  local n port master rc=0 role
  master=$(redis_master_port 2>/dev/null || echo "?")
  for n in a b; do
    port=$(redis_port $n)
    if redis_running "$port"; then
      role=$(redis-cli -p "$port" role | head -1)
      say "redis-$n" "up on 127.0.0.1:$port as $role$([[ $port == "$master" ]] && echo " (Sentinels' primary)")"
    else
      say "redis-$n" "down"
      rc=3
    fi
  done
  for n in 1 2 3; do
    port=$(sentinel_port $n)
    if redis_running "$port"; then say "sentinel-$n" "up on 127.0.0.1:$port"; else say "sentinel-$n" "down"; rc=3; fi
  done
  return $rc
}
