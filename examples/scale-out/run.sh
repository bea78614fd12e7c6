#!/bin/sh
# The scale-out recipe on one host: the ingest and WORKERS workers
# (worker.sh), each worker a process of its own, on loopback. Across hosts
# the same commands run on each host, with its address in place of
# 127.0.0.1 (README.md beside this file).
#
# Usage: run.sh FORMAT WIDTH HEIGHT SOURCE SINK [clfft2dfilter properties...]
#   SOURCE and SINK: gst-launch-1.0 descriptions; the source's frames are
#   taken as FORMAT, WIDTH x HEIGHT.
# Environment:
#   INGEST   the scale-out-ingest program (default: meson's build/examples)
#   WORKERS  how many workers (default 2)
#   DEVICES  worker k on the (k mod n)-th of these device indices, e.g.
#            "0 1" (default: each worker's own choice, GPU 0 on one GPU)
#   PORT     worker k listens on PORT + k and replies to PORT + 100 + k
#            (default 5000)
#   LOG_DIR  where the logs go, and worker k's process id in worker-k.pid
#            (default: a new temporary folder)
#   TIMEOUT  seconds a worker may take to come up or to give a frame back
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 5 ] || { sed -n '2,19p' "$0" >&2; exit 2; }
format=$1 width=$2 height=$3 source=$4 sink=$5
shift 5
ingest=${INGEST:-$here/../../build/examples/scale-out-ingest}
workers=${WORKERS:-2} port=${PORT:-5000} timeout=${TIMEOUT:-60}
log=${LOG_DIR:-$(mktemp -d)}
mkdir -p "$log"

specs=""
k=0
while [ $k -lt "$workers" ]; do
  specs="$specs --worker 127.0.0.1:$((port + k))"
  k=$((k + 1))
done
# shellcheck disable=SC2086 # specs is a list of options
"$ingest" --listen 127.0.0.1 --reply-port $((port + 100)) $specs \
  --timeout "$timeout" --sink "$sink" \
  --source "$source ! video/x-raw,format=$format,width=$width,height=$height" \
  >"$log/ingest.log" 2>&1 &
ingest_pid=$!
worker_pids=""
# No process outlives the run: the workers end when the ingest closes
# their streams, and one that does not (stopped, stuck) is killed.
end_workers () {
  for pid in $worker_pids; do
    tries=0
    while kill -0 "$pid" 2>/dev/null && [ $tries -lt 100 ]; do
      tries=$((tries + 1))
      sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null || true
  done
}
# Ctrl-C reaches the ingest, which ends the source and lets the frames in
# flight come back; the script waits for it as usual.
trap 'kill -9 $ingest_pid 2>/dev/null; end_workers' TERM
trap ':' INT

# the workers connect back to the ingest as they start: wait for its ports
tries=0
until grep -qs '^listening' "$log/ingest.log"; do
  if ! kill -0 $ingest_pid 2>/dev/null || [ $tries -ge 300 ]; then
    kill -9 $ingest_pid 2>/dev/null || true
    cat "$log/ingest.log" >&2
    exit 1
  fi
  tries=$((tries + 1))
  sleep 0.1
done

k=0
while [ $k -lt "$workers" ]; do
  device=$(echo "${DEVICES:-}" | awk -v k=$k 'NF { print $(k % NF + 1) }')
  (
    [ -z "$device" ] || export GST_CLFFT_DEVICE="$device"
    # a session of its own, which Ctrl-C on the terminal does not reach:
    # the ingest ends the workers' streams itself, behind the last frame
    LISTEN_HOST=127.0.0.1 exec setsid "$here/worker.sh" $((port + k)) \
      127.0.0.1:$((port + 100 + k)) "$format" "$width" "$height" "$@"
  ) >"$log/worker-$k.log" 2>&1 &
  worker_pids="$worker_pids $!"
  echo $! >"$log/worker-$k.pid"
  k=$((k + 1))
done

while :; do
  status=0
  wait $ingest_pid || status=$?
  # a wait cut short by a signal returns above 128: wait again
  [ $status -gt 128 ] && kill -0 $ingest_pid 2>/dev/null || break
done
cat "$log/ingest.log"
end_workers
[ $status -eq 0 ] || echo "run.sh: the ingest failed; logs in $log" >&2
exit $status
