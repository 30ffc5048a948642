#!/usr/bin/env bash
# Panalo as a cluster on one Linux machine: every host its own network namespace with its own
# address on one bridge (pnl0, 10.77.0.0/24), so the traffic between them crosses a real network
# stack. Real engines only: etcd (Patroni's consensus store), PostgreSQL managed by Patroni,
# Redis with Sentinel, HAProxy. docs/deploy.md maps each host onto a real machine.
#   npm run cluster            start it all (root only), then the smoke check
#   npm run cluster -- status  each host, its address, its ports, whether it answers
#   npm run cluster -- down    stop it all and remove namespaces, bridge and data
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BASE="${PANALO_CLUSTER_DIR:-/var/tmp/panalo-cluster}"
BRIDGE=pnl0
NET=10.77.0
PG_BIN=/usr/lib/postgresql/15/bin
# Development secrets, written once into $BASE/secrets and read back by every role.
SECRETS="$BASE/secrets"

# host name -> address; namespaces are named pnl-<host>.
declare -A ADDR=(
  [lb]=$NET.2 [etcd]=$NET.10 [pg1]=$NET.11 [pg2]=$NET.12
  [redis1]=$NET.21 [redis2]=$NET.22 [sentinel3]=$NET.23
  [app1]=$NET.31 [app2]=$NET.32 [app3]=$NET.33 [rgs1]=$NET.41 [rgs2]=$NET.42
)
HOSTS=(etcd pg1 pg2 redis1 redis2 sentinel3 lb app1 app2 app3 rgs1 rgs2)
declare -A PORTS=(
  [lb]="8080:platform 8090:rgs 5000:pg-primary 5001:pg-replica 8404:stats"
  [etcd]="2379:client 2380:peer"
  [pg1]="5432:postgres 8008:patroni" [pg2]="5432:postgres 8008:patroni"
  [redis1]="6379:redis 26379:sentinel" [redis2]="6379:redis 26379:sentinel"
  [sentinel3]="26379:sentinel"
  [app1]="8080:platform" [app2]="8080:platform" [app3]="8080:platform"
  [rgs1]="8090:rgs" [rgs2]="8090:rgs"
)

say() { printf '[cluster %s] %s\n' "$(date -u +%H:%M:%S)" "$*"; }
die() {
  say "error: $*" >&2
  exit 1
}
ns() { echo "pnl-$1"; }
in_ns() {
  local h=$1
  shift
  ip netns exec "$(ns "$h")" "$@"
}
# Start a long-running process in host $1's namespace, detached, its output in $BASE/$1/<name>.log.
spawn() {
  local h=$1 name=$2
  shift 2
  mkdir -p "$BASE/$h"
  setsid ip netns exec "$(ns "$h")" "$@" >>"$BASE/$h/$name.log" 2>&1 </dev/null &
  echo $! >"$BASE/$h/$name.pid"
}
# Is tcp $1:$2 accepting connections (from the machine's side of the bridge)?
answers() { timeout 1 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null; }
wait_for() {
  local what=$1 tries=$2
  shift 2
  for ((i = 0; i < tries; i++)); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.5
  done
  die "$what did not come up (logs in $BASE)"
}

need_root() { [[ $EUID -eq 0 ]] || die "run as root (network namespaces and a bridge)"; }

install_packages() {
  local missing=()
  command -v etcd >/dev/null || missing+=(etcd-server etcd-client)
  command -v patroni >/dev/null || missing+=(patroni)
  command -v haproxy >/dev/null || missing+=(haproxy)
  command -v redis-sentinel >/dev/null || missing+=(redis-sentinel)
  command -v redis-server >/dev/null || missing+=(redis-server)
  [[ -x $PG_BIN/postgres ]] || missing+=(postgresql-15)
  if ((${#missing[@]})); then
    say "installing ${missing[*]}"
    # policy-rc.d (Debian's images) or not: the packages' own services are not wanted here.
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >"/tmp/panalo-cluster-apt.log" 2>&1 ||
      die "apt-get install failed (/tmp/panalo-cluster-apt.log)"
  fi
}

secrets() {
  mkdir -p "$BASE"
  if [[ ! -f $SECRETS ]]; then
    {
      echo "PG_SUPERUSER_PASSWORD=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
      echo "PG_REPLICATION_PASSWORD=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
      echo "REDIS_PASSWORD=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
      echo "SENTINEL_PASSWORD=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
      echo "APP_SECRET=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
    } >"$SECRETS"
    chmod 600 "$SECRETS"
  fi
  # shellcheck disable=SC1090
  source "$SECRETS"
  DB_URL="postgres://postgres:$PG_SUPERUSER_PASSWORD@${ADDR[lb]}:5000/panalo"
  # Reports, the dashboard, team figures and exports read the replica (HAProxy :5001).
  DB_READ_URL="postgres://postgres:$PG_SUPERUSER_PASSWORD@${ADDR[lb]}:5001/panalo"
  RGS_DB_URL="postgres://postgres:$PG_SUPERUSER_PASSWORD@${ADDR[lb]}:5000/panalo_rgs"
  SENTINELS="${ADDR[redis1]}:26379,${ADDR[redis2]}:26379,${ADDR[sentinel3]}:26379"
}

network_up() {
  ip link show "$BRIDGE" >/dev/null 2>&1 && die "bridge $BRIDGE exists: run 'npm run cluster -- down' first"
  ip link add "$BRIDGE" type bridge
  ip addr add "$NET.1/24" dev "$BRIDGE"
  ip link set "$BRIDGE" up
  for h in "${HOSTS[@]}"; do
    local n
    n=$(ns "$h")
    ip netns add "$n"
    ip link add "v-$h" type veth peer name eth0 netns "$n"
    ip link set "v-$h" master "$BRIDGE" up
    in_ns "$h" ip addr add "${ADDR[$h]}/24" dev eth0
    in_ns "$h" ip link set eth0 up
    in_ns "$h" ip link set lo up
  done
}

etcd_up() {
  local a=${ADDR[etcd]}
  mkdir -p "$BASE/etcd/data"
  spawn etcd etcd etcd --name etcd1 --data-dir "$BASE/etcd/data" \
    --listen-client-urls "http://$a:2379,http://127.0.0.1:2379" --advertise-client-urls "http://$a:2379" \
    --listen-peer-urls "http://$a:2380" --initial-advertise-peer-urls "http://$a:2380" \
    --initial-cluster "etcd1=http://$a:2380" --initial-cluster-state new --enable-v2=true
  wait_for etcd 60 curl -fsS "http://$a:2379/health"
}

patroni_config() {
  local h=$1 a=${ADDR[$1]}
  cat <<EOF
scope: panalo
namespace: /panalo/
name: $h
restapi:
  listen: $a:8008
  connect_address: $a:8008
etcd3:
  hosts: ${ADDR[etcd]}:2379
bootstrap:
  dcs:
    # The leader key lives ttl seconds: a primary that dies without a word is replaced after at
    # most ttl + loop_wait (Patroni's minimum ttl is 20).
    ttl: 20
    loop_wait: 2
    retry_timeout: 5
    maximum_lag_on_failover: 1048576
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        wal_level: replica
        hot_standby: "on"
        max_wal_senders: 10
        max_replication_slots: 10
        wal_log_hints: "on"
        max_connections: 300
  initdb:
    - encoding: UTF8
    - data-checksums
  pg_hba:
    - local all all trust
    - host replication replicator $NET.0/24 scram-sha-256
    - host all all $NET.0/24 scram-sha-256
    - host all all 127.0.0.1/32 scram-sha-256
postgresql:
  listen: $a,127.0.0.1:5432
  connect_address: $a:5432
  data_dir: $BASE/$h/data
  bin_dir: $PG_BIN
  pgpass: $BASE/$h/pgpass
  authentication:
    superuser: {username: postgres, password: "$PG_SUPERUSER_PASSWORD"}
    replication: {username: replicator, password: "$PG_REPLICATION_PASSWORD"}
    rewind: {username: postgres, password: "$PG_SUPERUSER_PASSWORD"}
  parameters:
    # Its own socket directory: the machine's own PostgreSQL owns /var/run/postgresql.
    unix_socket_directories: $BASE/$h
    shared_buffers: 64MB
EOF
}

patroni_up() {
  local h=$1
  mkdir -p "$BASE/$h"
  patroni_config "$h" >"$BASE/$h/patroni.yml"
  chown -R postgres:postgres "$BASE/$h"
  chmod 700 "$BASE/$h"
  # PostgreSQL never runs as root: Patroni and the server it starts run as postgres.
  spawn "$h" patroni runuser -u postgres -- patroni "$BASE/$h/patroni.yml"
}

# Patroni 3.0 says "master" where later versions say "primary".
role_of() { curl -fsS -m 1 "http://${ADDR[$1]}:8008/patroni" 2>/dev/null | sed -n 's/.*"role": *"\([a-z_]*\)".*/\1/p' | sed 's/^master$/primary/'; }

# redis-cli to a Redis server ($1 host) or a sentinel, with their passwords.
rcli() {
  local h=$1
  shift
  REDISCLI_AUTH=$REDIS_PASSWORD redis-cli -h "${ADDR[$h]}" -p 6379 "$@"
}
scli() {
  local h=$1
  shift
  REDISCLI_AUTH=$SENTINEL_PASSWORD redis-cli -h "${ADDR[$h]}" -p 26379 "$@"
}

is_role() { [[ $(role_of "$1") == "$2" ]]; }

redis_up() {
  local h=$1 a=${ADDR[$1]} replica_of=${2:-}
  mkdir -p "$BASE/$h"
  cat >"$BASE/$h/redis.conf" <<EOF
bind $a 127.0.0.1
port 6379
protected-mode no
requirepass $REDIS_PASSWORD
masterauth $REDIS_PASSWORD
dir $BASE/$h
appendonly yes
save ""
EOF
  [[ -n $replica_of ]] && echo "replicaof $replica_of 6379" >>"$BASE/$h/redis.conf"
  spawn "$h" redis redis-server "$BASE/$h/redis.conf"
}

sentinel_up() {
  local h=$1 a=${ADDR[$1]}
  mkdir -p "$BASE/$h"
  # Sentinel rewrites its file as it learns; quorum 2 of 3; a primary silent 2 s is down.
  cat >"$BASE/$h/sentinel.conf" <<EOF
bind $a 127.0.0.1
port 26379
protected-mode no
dir $BASE/$h
requirepass $SENTINEL_PASSWORD
sentinel sentinel-pass $SENTINEL_PASSWORD
sentinel resolve-hostnames no
sentinel monitor panalo ${ADDR[redis1]} 6379 2
sentinel auth-pass panalo $REDIS_PASSWORD
sentinel down-after-milliseconds panalo 2000
sentinel failover-timeout panalo 10000
sentinel parallel-syncs panalo 1
EOF
  spawn "$h" sentinel redis-sentinel "$BASE/$h/sentinel.conf"
}

haproxy_up() {
  local l=${ADDR[lb]}
  mkdir -p "$BASE/lb"
  cat >"$BASE/lb/haproxy.cfg" <<EOF
global
  maxconn 4000
  stats socket $BASE/lb/haproxy.sock mode 600 level admin

defaults
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 1s
  log global

# PostgreSQL: the primary is the node whose Patroni answers 200 on /primary; a node that stops
# being it has its sessions cut, so no client keeps writing to a demoted server.
listen pg-primary
  bind $l:5000
  mode tcp
  option httpchk GET /primary
  http-check expect status 200
  default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions
  server pg1 ${ADDR[pg1]}:5432 maxconn 250 check port 8008
  server pg2 ${ADDR[pg2]}:5432 maxconn 250 check port 8008

# Reads that may lag (DATABASE_URL_READ): a replica; while none is up (one being rebuilt after a
# failover), the primary, so reports slow down rather than fail.
frontend pg-replica
  bind $l:5001
  mode tcp
  use_backend pg-primary if { nbsrv(pg-replicas) lt 1 }
  default_backend pg-replicas

backend pg-replicas
  mode tcp
  option httpchk GET /replica
  http-check expect status 200
  default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions
  server pg1 ${ADDR[pg1]}:5432 maxconn 250 check port 8008
  server pg2 ${ADDR[pg2]}:5432 maxconn 250 check port 8008

# The platform: a node failing /healthz twice 500 ms apart stops getting requests (< 2 s); a
# connection refused is retried on another node (nothing was sent, so nothing is done twice).
frontend platform
  bind $l:8080
  mode http
  option forwardfor
  timeout client 60s
  default_backend platform

backend platform
  mode http
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
  retries 2
  retry-on conn-failure empty-response
  option redispatch 1
  timeout server 60s
  default-server inter 500ms fastinter 250ms fall 2 rise 2
  server app1 ${ADDR[app1]}:8080 check
  server app2 ${ADDR[app2]}:8080 check
  server app3 ${ADDR[app3]}:8080 check

frontend rgs
  bind $l:8090
  mode http
  option forwardfor
  timeout client 60s
  default_backend rgs

backend rgs
  mode http
  balance roundrobin
  option httpchk GET /rgs/health
  http-check expect status 200
  retries 2
  retry-on conn-failure
  option redispatch 1
  timeout server 60s
  default-server inter 500ms fall 2 rise 2
  server rgs1 ${ADDR[rgs1]}:8090 check
  server rgs2 ${ADDR[rgs2]}:8090 check

listen stats
  bind $l:8404
  mode http
  stats enable
  stats uri /
  stats refresh 2s
EOF
  haproxy -c -f "$BASE/lb/haproxy.cfg" >/dev/null || die "haproxy.cfg does not check"
  spawn lb haproxy haproxy -W -db -f "$BASE/lb/haproxy.cfg"
}

# HAProxy's stats (CSV) say backend $1 has server $2 up and server $3 down.
proxy_sees() {
  local csv
  csv=$(curl -fsS -m 1 "http://${ADDR[lb]}:8404/;csv") || return 1
  grep -q "^$1,$2,.*,UP," <<<"$csv" && grep -q "^$1,$3,.*,DOWN" <<<"$csv"
}

psql_primary() { PGPASSWORD=$PG_SUPERUSER_PASSWORD psql -h "${ADDR[lb]}" -p 5000 -U postgres -d postgres -Atqc "$1"; }

app_up() {
  local h=$1 seed=$2
  spawn "$h" platform env -C "$ROOT" NODE_ENV=production HOST="${ADDR[$h]}" PORT=8080 \
    DATABASE_URL="$DB_URL" DATABASE_URL_READ="$DB_READ_URL" APP_SECRET="$APP_SECRET" SEED_DEMO="$seed" \
    REDIS_SENTINELS="$SENTINELS" REDIS_SENTINEL_NAME=panalo REDIS_PREFIX="panalo:" \
    REDIS_PASSWORD="$REDIS_PASSWORD" REDIS_SENTINEL_PASSWORD="$SENTINEL_PASSWORD" \
    PUBLIC_URL="http://${ADDR[lb]}:8080" TRUSTED_PROXIES="${ADDR[lb]}" BEHIND_PROXY=true \
    RGS_MODE=external RGS_URL="http://${ADDR[lb]}:8090" SPORTS_SIMULATOR=off LOG_LEVEL=warn \
    "$(command -v node)" --import tsx apps/server/src/main.ts
}

rgs_up() {
  local h=$1
  spawn "$h" rgs env -C "$ROOT" HOST="${ADDR[$h]}" PORT=8090 RGS_DATABASE_URL="$RGS_DB_URL" \
    RGS_PLATFORM_URL="http://${ADDR[lb]}:8080" RGS_APP_SECRET="$APP_SECRET" \
    RGS_TRUSTED_PROXIES="${ADDR[lb]}" LOG_LEVEL=warn \
    "$(command -v node)" --import tsx apps/rgs/src/main.ts
}

up() {
  need_root
  local t0=$SECONDS
  install_packages
  [[ -d $BASE ]] && die "$BASE exists: run 'npm run cluster -- down' first"
  secrets
  network_up
  say "network: bridge $BRIDGE $NET.1/24, ${#HOSTS[@]} namespaces"
  etcd_up
  say "etcd up (one member: one machine has no second failure domain; three on real hosts)"
  patroni_up pg1
  wait_for "the first PostgreSQL (pg1 primary)" 240 is_role pg1 primary
  patroni_up pg2
  redis_up redis1
  redis_up redis2 "${ADDR[redis1]}"
  for h in redis1 redis2 sentinel3; do sentinel_up "$h"; done
  haproxy_up
  # HAProxy counts a server up until its checks say otherwise: wait for them to have run.
  wait_for "HAProxy's PostgreSQL checks" 120 proxy_sees pg-primary pg1 pg2
  wait_for "PostgreSQL through HAProxy" 120 psql_primary "SELECT 1"
  psql_primary "CREATE DATABASE panalo" >/dev/null
  psql_primary "CREATE DATABASE panalo_rgs" >/dev/null
  say "PostgreSQL primary pg1 through ${ADDR[lb]}:5000; Redis primary redis1, 3 sentinels"
  # The first node migrates and seeds alone; the others then find both done. (Migrations are
  # under an advisory lock anyway, so concurrent starts would apply each once.)
  app_up app1 true
  wait_for "app1" 600 curl -fsS -m 2 "http://${ADDR[app1]}:8080/healthz"
  say "app1 up (migrated, seeded) after $((SECONDS - t0)) s"
  app_up app2 false
  app_up app3 false
  rgs_up rgs1
  rgs_up rgs2
  for h in app2 app3; do wait_for "$h" 600 curl -fsS -m 2 "http://${ADDR[$h]}:8080/healthz"; done
  for h in rgs1 rgs2; do wait_for "$h" 600 curl -fsS -m 2 "http://${ADDR[$h]}:8090/rgs/health"; done
  wait_for "pg2 streaming" 240 is_role pg2 replica
  say "all hosts up after $((SECONDS - t0)) s"
  status
  smoke
  say "up and smoke-checked in $((SECONDS - t0)) s; 'npm run cluster -- down' removes it all"
}

smoke() {
  secrets
  (cd "$ROOT" && CLUSTER_DATABASE_URL="$DB_URL" CLUSTER_LB="http://${ADDR[lb]}:8080" \
    CLUSTER_APP_SECRET="$APP_SECRET" node --import tsx scripts/cluster/smoke.ts)
}

status() {
  [[ -f $SECRETS ]] || {
    echo "no cluster ($BASE absent)"
    return 0
  }
  secrets
  printf '%-10s %-12s %-8s %s\n' HOST ADDRESS ROLE PORTS
  for h in "${HOSTS[@]}"; do
    local line="" role="-"
    for p in ${PORTS[$h]}; do
      local port=${p%%:*} name=${p#*:}
      if answers "${ADDR[$h]}" "$port"; then line+="$name:$port up  "; else line+="$name:$port DOWN  "; fi
    done
    case $h in
    pg*) role=$(role_of "$h") ;;
    redis*) role=$(rcli "$h" role 2>/dev/null | head -1) ;;
    esac
    printf '%-10s %-12s %-8s %s\n' "$h" "${ADDR[$h]}" "${role:-down}" "$line"
  done
  local leader
  leader=$(curl -fsS -m 1 "http://${ADDR[pg1]}:8008/cluster" 2>/dev/null || curl -fsS -m 1 "http://${ADDR[pg2]}:8008/cluster" 2>/dev/null || true)
  echo "PostgreSQL primary: $(echo "$leader" | grep -o '"name": *"[a-z0-9]*", *"role": *"leader"' | sed 's/"name": *"\([a-z0-9]*\)".*/\1/' || true)"
  echo "Redis primary (Sentinel): $(scli sentinel3 sentinel get-master-addr-by-name panalo 2>/dev/null | paste -sd: || true)"
  echo "Platform: http://${ADDR[lb]}:8080/  RGS: http://${ADDR[lb]}:8090/rgs/health  HAProxy stats: http://${ADDR[lb]}:8404/"
}

# Kill host $1's processes (SIGKILL: a crash, not a stop), as the chaos run does.
crash() {
  need_root
  local pids
  pids=$(ip netns pids "$(ns "$1")" || true)
  [[ -n $pids ]] && kill -KILL $pids 2>/dev/null || true
}

# Start host $1's role again after a crash: a PostgreSQL node rejoins as a replica (Patroni
# rewinds it), a Redis node as a replica of the primary Sentinel names now.
restart() {
  need_root
  secrets
  local h=$1
  case $h in
  pg1 | pg2)
    patroni_up "$h"
    wait_for "$h as a replica" 240 is_role "$h" replica
    ;;
  redis1 | redis2)
    local primary
    primary=$(scli sentinel3 sentinel get-master-addr-by-name panalo | head -1)
    redis_up "$h" "$primary"
    wait_for "$h as a replica" 120 redis_replica "$h"
    ;;
  app1 | app2 | app3)
    app_up "$h" false
    wait_for "$h" 600 curl -fsS -m 2 "http://${ADDR[$h]}:8080/healthz"
    ;;
  rgs1 | rgs2)
    rgs_up "$h"
    wait_for "$h" 600 curl -fsS -m 2 "http://${ADDR[$h]}:8090/rgs/health"
    ;;
  *) die "restart: pg1|pg2|redis1|redis2|app1|app2|app3|rgs1|rgs2" ;;
  esac
}

redis_replica() { rcli "$1" info replication | grep -q "master_link_status:up"; }

down() {
  need_root
  # Every process of every cluster namespace, by pid (they are all ours), then the namespaces.
  for h in "${HOSTS[@]}"; do
    local n
    n=$(ns "$h")
    ip netns list | grep -qw "$n" || continue
    local pids
    pids=$(ip netns pids "$n" || true)
    [[ -n $pids ]] && kill -TERM $pids 2>/dev/null || true
  done
  sleep 2
  for h in "${HOSTS[@]}"; do
    local n
    n=$(ns "$h")
    ip netns list | grep -qw "$n" || continue
    local pids
    pids=$(ip netns pids "$n" || true)
    [[ -n $pids ]] && kill -KILL $pids 2>/dev/null || true
    ip netns delete "$n"
    ip link delete "v-$h" 2>/dev/null || true
  done
  ip link delete "$BRIDGE" 2>/dev/null || true
  rm -rf "$BASE"
  say "down: processes, namespaces, bridge $BRIDGE and $BASE removed"
}

case "${1:-up}" in
up) up ;;
down) down ;;
status) status ;;
smoke) smoke ;;
crash) crash "${2:?host}" ;;
restart) restart "${2:?host}" ;;
*) die "usage: npm run cluster [-- up|status|smoke|down|crash <host>|restart <host>]" ;;
esac
