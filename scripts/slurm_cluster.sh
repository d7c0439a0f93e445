#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for the tests and the recipes of
# docs/scale.md (Debian's slurm-wlm and munge).
#
#   scripts/slurm_cluster.sh start DIR    start it; prints the SLURM_CONF line
#   scripts/slurm_cluster.sh status DIR   exit 0 when all three daemons run
#   scripts/slurm_cluster.sh stop DIR     cancel its jobs, stop its daemons
#
# Everything lives under DIR: slurm.conf, state, spool, logs, pid files, the
# munge key and socket. No system service is used or touched, and nothing in
# /etc is changed or used as configuration (Slurm looks for its other files
# beside slurm.conf), so it runs beside a system cluster (or a second private
# one): the ports are free ones, and clients find this cluster only
# through SLURM_CONF=DIR/slurm.conf, whose AuthInfo names the private munged.
# The daemons run as the current user; the job's environment is the
# submitter's (sbatch's default), so SLURM_CONF reaches the jobs too.
#
# This script never installs anything: without the tools it fails, naming the
# Debian packages. START_TIMEOUT (seconds, default 60) bounds the wait for the
# node to become idle; on a timeout the logs are printed and the daemons
# stopped.
set -uo pipefail

PACKAGES="slurm-wlm munge"
DAEMONS=(munged slurmctld slurmd)

die() {
  echo "error: $*" >&2
  exit 1
}

usage() {
  echo "usage: $0 start|stop|status DIR" >&2
  exit 2
}

[ $# -eq 2 ] || usage
action=$1
case "$action" in start | stop | status) ;; *) usage ;; esac
[ -n "$2" ] || usage

need_tools() {
  local missing=()
  for tool in slurmctld slurmd sbatch squeue sinfo scancel munged munge; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
  done
  [ ${#missing[@]} -eq 0 ] ||
    die "${missing[*]} not found: install the Debian packages $PACKAGES" \
      "(apt-get install -y $PACKAGES)"
}

# Slurm's configuration has no quoting: refuse a DIR it cannot hold.
absolute_dir() {
  case "$1" in *[[:space:]\#=]*) die "$1: DIR may not hold spaces, '#' or '='" ;; esac
  if [ "$action" = start ]; then
    mkdir -p "$1" || die "$1: cannot create the folder"
  fi
  [ -d "$1" ] || die "$1: no such folder"
  (cd "$1" && pwd -P)
}

pid_file() {
  case "$1" in
  munged) echo "$DIR/munge/munged.pid" ;;
  *) echo "$DIR/run/$1.pid" ;;
  esac
}

# The pid of a daemon of this cluster, if it runs: the pid file's process,
# checked by name, so that a reused pid is never taken for the daemon.
running_pid() {
  local file pid
  file=$(pid_file "$1")
  [ -s "$file" ] || return 1
  pid=$(tr -dc '0-9' <"$file")
  [ -n "$pid" ] && [ -r "/proc/$pid/comm" ] || return 1
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$1" ] || return 1
  ! gone "$pid" || return 1
  echo "$pid"
}

# Ports nothing uses (any TCP state, IPv4 or IPv6), taken at random so that
# two clusters started at once are unlikely to draw the same.
used_ports() {
  local _ local_address _rest
  cat /proc/net/tcp /proc/net/tcp6 2>/dev/null |
    while read -r _ local_address _rest; do
      case "$local_address" in *:*) echo $((16#${local_address##*:})) ;; esac
    done
}

free_port() {
  local used port tries=0
  used=" $(used_ports | tr '\n' ' ') $* "
  while [ $tries -lt 1000 ]; do
    port=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
    case "$used" in *" $port "*) ;; *)
      echo "$port"
      return 0
      ;;
    esac
    tries=$((tries + 1))
  done
  die "no free TCP port found between 20000 and 59999"
}

print_logs() {
  for log in "$DIR/munge/munged.log" "$DIR/log/munged.out" "$DIR/log/slurmctld.log" \
    "$DIR/log/slurmd.log" "$DIR/log/slurmctld.out" "$DIR/log/slurmd.out"; do
    [ -s "$log" ] || continue
    echo "----- $log (last 40 lines)" >&2
    tail -n 40 "$log" >&2
  done
}

# Whether a process is gone: a zombie counts, since only its parent (not
# this script) can reap it.
gone() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
  stat=${stat##*) }
  [ "${stat%% *}" = Z ]
}

# Stop the named daemons together: TERM, then KILL after 10 s.
stop_daemons() {
  local name pid i pids=() names=()
  for name in "$@"; do
    if pid=$(running_pid "$name"); then
      kill -TERM "$pid" 2>/dev/null
      pids+=("$pid")
      names+=("$name")
    fi
  done
  for ((i = 0; i < 100; i++)); do
    local left=0
    for pid in "${pids[@]}"; do gone "$pid" || left=1; done
    [ $left -eq 0 ] && break
    sleep 0.1
  done
  for ((i = 0; i < ${#pids[@]}; i++)); do
    if ! gone "${pids[$i]}"; then
      echo "${names[$i]} (pid ${pids[$i]}) did not stop in 10 s: killing it" >&2
      kill -KILL "${pids[$i]}" 2>/dev/null
    fi
  done
  for name in "$@"; do rm -f "$(pid_file "$name")"; done
}

stop_cluster() {
  local i
  export SLURM_CONF="$DIR/slurm.conf"
  # Jobs first, while slurmd can still end their steps: with
  # proctrack/linuxproc a job's processes outlive a killed slurmd.
  if running_pid slurmctld >/dev/null && running_pid slurmd >/dev/null; then
    scancel --user="$(id -un)" >/dev/null 2>&1
    for ((i = 0; i < 100; i++)); do
      [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
      sleep 0.1
    done
  fi
  stop_daemons slurmd slurmctld
  stop_daemons munged
}

write_config() {
  local node cpus mem ctld_port slurmd_port
  node=$(hostname -s) || die "hostname -s failed"
  cpus=$(nproc) || die "nproc failed"
  mem=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
  [ -n "$mem" ] || die "/proc/meminfo: no MemTotal line"
  ctld_port=$(free_port) || exit 1
  slurmd_port=$(free_port "$ctld_port") || exit 1
  : >"$DIR/plugstack.conf"
  cat >"$DIR/slurm.conf.tmp" <<EOF
# Written by scripts/slurm_cluster.sh: a private one-node cluster.
ClusterName=ember
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$DIR/munge/munge.socket
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/run/slurmctld.pid
SlurmdPidFile=$DIR/run/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
PlugStackConfig=$DIR/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
MailProg=/bin/true
MinJobAge=300
SchedulerParameters=batch_sched_delay=0
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=main Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
  mv "$DIR/slurm.conf.tmp" "$DIR/slurm.conf"
  echo "$node"
}

start_munged() {
  local key="$DIR/munge/munge.key" sock="$DIR/munge/munge.socket" i
  if [ ! -s "$key" ]; then
    (umask 077 && head -c 1024 /dev/urandom >"$key") || die "$key: cannot write the munge key"
  fi
  chmod 600 "$key"
  rm -f "$sock" "$sock.lock"
  munged --force --key-file="$key" --socket="$sock" \
    --pid-file="$(pid_file munged)" --log-file="$DIR/munge/munged.log" \
    --seed-file="$DIR/munge/munged.seed" </dev/null >>"$DIR/log/munged.out" 2>&1 ||
    return 1
  for ((i = 0; i < 100; i++)); do
    munge -n --socket="$sock" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  return 1
}

start_cluster() {
  local node state i deadline
  for d in "${DAEMONS[@]}"; do
    if pid=$(running_pid "$d"); then
      die "$DIR: $d already runs (pid $pid); stop the cluster first"
    fi
  done
  # slurmd's step sockets are DIR/spool/NODE_JOBID.STEPID (a batch step's id
  # has 10 digits; 7 for job ids), within the 107 bytes of a socket path.
  local host max
  host=$(hostname -s) || die "hostname -s failed"
  max=$((107 - 7 - ${#host} - 1 - 7 - 1 - 10))
  [ ${#DIR} -le $max ] ||
    die "$DIR: longer than $max bytes (slurmd's socket paths would pass Unix's limit of 107)"
  mkdir -p "$DIR/state" "$DIR/spool" "$DIR/log" "$DIR/run" "$DIR/munge" ||
    die "$DIR: cannot create its folders"
  chmod 755 "$DIR/munge"
  node=$(write_config) || exit 1
  export SLURM_CONF="$DIR/slurm.conf"

  fail() {
    echo "error: $*" >&2
    print_logs
    stop_cluster
    exit 1
  }
  start_munged || fail "munged did not start"
  slurmctld -f "$SLURM_CONF" </dev/null >>"$DIR/log/slurmctld.out" 2>&1 ||
    fail "slurmctld did not start"
  slurmd -f "$SLURM_CONF" </dev/null >>"$DIR/log/slurmd.out" 2>&1 ||
    fail "slurmd did not start"
  deadline=$((SECONDS + ${START_TIMEOUT:-60}))
  state=""
  while [ $SECONDS -lt $deadline ]; do
    state=$(sinfo -h -N -n "$node" -o %T 2>/dev/null)
    [ "$state" = idle ] && break
    sleep 0.2
  done
  [ "$state" = idle ] ||
    fail "node $node is not idle after ${START_TIMEOUT:-60} s (state: ${state:-none})"
  echo "SLURM_CONF=$SLURM_CONF"
}

status_cluster() {
  local ok=0 pid
  for d in "${DAEMONS[@]}"; do
    if pid=$(running_pid "$d"); then
      echo "$d: running (pid $pid)"
    else
      echo "$d: not running"
      ok=1
    fi
  done
  if [ $ok -eq 0 ]; then
    SLURM_CONF="$DIR/slurm.conf" sinfo -N -o "%N %T %c %m" || ok=1
  fi
  return $ok
}

need_tools
DIR=$(absolute_dir "$2") || exit 1
case "$action" in
start) start_cluster ;;
stop) stop_cluster ;;
status) status_cluster ;;
esac
