#!/usr/bin/env bash
# A throw-away single-node Slurm cluster on localhost, for the lab's Slurm test.
#   slurm-cluster.sh up DIR    start munged, slurmctld and slurmd with everything under DIR
#                              (munge key and socket, slurm.conf, state, logs, pid files)
#   slurm-cluster.sh down DIR  stop them (by their pid files) and keep DIR's logs
# Clients use it through SLURM_CONF=DIR/slurm.conf. Needs root (slurmd starts jobs as their user)
# and Debian's munge, slurmctld, slurmd and slurm-client.
set -euo pipefail
cmd="${1:?up or down}"
dir="$(realpath -m "${2:?a folder}")"

stop() {
  for d in slurmd slurmctld munged; do
    if [ -f "$dir/$d.pid" ]; then
      pid="$(cat "$dir/$d.pid")"
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      rm -f "$dir/$d.pid"
    fi
  done
}

case "$cmd" in
down) stop; exit 0 ;;
up) ;;
*) echo "usage: $0 up|down DIR" >&2; exit 2 ;;
esac

mkdir -p "$dir/state" "$dir/spool"
dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 status=none
chmod 400 "$dir/munge.key"
munged --force --socket="$dir/munge.sock" --key-file="$dir/munge.key" --pid-file="$dir/munged.pid" \
  --log-file="$dir/munged.log" --seed-file="$dir/munge.seed"

# Ports picked at random, so that two test runs on one machine do not meet.
port=$((20000 + RANDOM % 20000))
mem_mib=$(awk '/MemTotal/ { print int($2 / 1024) - 512 }' /proc/meminfo)
cat > "$dir/slurm.conf" <<CONF
ClusterName=certplanlab
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge.sock
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldPort=$port
SlurmdPort=$((port + 1))
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=localhost CPUs=$(nproc) RealMemory=$mem_mib State=UNKNOWN
PartitionName=lab Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF" -N localhost
for _ in $(seq 100); do
  if sinfo -h -o '%T' 2>/dev/null | grep -q '^idle'; then
    echo "slurm: single-node cluster up (SLURM_CONF=$SLURM_CONF)"
    exit 0
  fi
  sleep 0.2
done
echo "slurm: the node did not become idle; logs:" >&2
tail -20 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
stop
exit 1
