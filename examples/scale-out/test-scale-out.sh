#!/bin/sh
# The scale-out recipe (run.sh) with 2 workers on loopback, against the same
# filter in one process: every frame must come back, once, in order, within
# 1 level of the one-process result (a worker's first frames may run the
# generic kernels while its own load, and those round differently), and
# filtered. Then the failures a user meets: a worker that never comes up,
# and one killed mid-stream, must end the ingest with an error, not a hang.
# The plugin comes from GST_PLUGIN_PATH(_1_0), as meson's test environment
# sets it.
#
# Usage: examples/scale-out/test-scale-out.sh WORK_DIR INGEST
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=${1:?usage: $0 WORK_DIR INGEST}
ingest=${2:?usage: $0 WORK_DIR INGEST}
INGEST=$(cd "$(dirname "$ingest")" && pwd)/$(basename "$ingest")
export INGEST
rm -rf "$work"
mkdir -p "$work"
cd "$work"

run_pid=""
# a run in the background ends with the test, passed or failed
trap '[ -z "$run_pid" ] || kill "$run_pid" 2>/dev/null || true' EXIT
fail () { echo "FAIL: $*" >&2; exit 1; }

format=I420 width=320 height=240 frames=30
caps="video/x-raw,format=$format,width=$width,height=$height"
props="filter=lowpass cutoff=0.08"
# colour bars moving sideways under snow: every frame differs from the
# next in every plane, so that a frame lost, repeated or out of place shows
source="videotestsrc num-buffers=$frames pattern=snow !
  video/x-raw,width=$width,height=$height ! mix.sink_1
  videotestsrc num-buffers=$frames pattern=smpte horizontal-speed=3 !
  video/x-raw,width=$width,height=$height ! mix.sink_0
  compositor name=mix sink_1::alpha=0.5"

# Ports free now: PORT + k for the workers, PORT + 100 + k for the replies.
free_port_base () {
  python3 -c 'import random, socket
for _ in range(200):
    base = random.randrange(20000, 60000)
    try:
        socks = []
        for p in [base, base + 1, base + 100, base + 101]:
            s = socket.socket(); s.bind(("127.0.0.1", p)); socks.append(s)
    except OSError:
        continue
    print(base)
    break'
}

echo "the input, and the filter in one process"
# shellcheck disable=SC2086 # source and props are gst-launch-1.0 words
gst-launch-1.0 -q $source ! $caps ! filesink location=input.raw
# shellcheck disable=SC2086
gst-launch-1.0 -q $source ! $caps ! clfft2dfilter $props ! \
  filesink location=one-process.raw

echo "2 workers on loopback"
# shellcheck disable=SC2086
PORT=$(free_port_base) LOG_DIR=two-workers TIMEOUT=120 WORKERS=2 \
  "$here/run.sh" $format $width $height "$source" \
  "filesink location=two-workers.raw" $props >two-workers.log 2>&1 || {
  cat two-workers.log two-workers/worker-*.log; fail "run.sh with 2 workers"; }
cat two-workers.log
for k in 0 1; do
  grep -q "^worker $k (127.0.0.1:[0-9]*): 15 frames given, 15 given back" \
    two-workers.log || fail "worker $k did not filter its 15 frames"
done

python3 - $width $height $frames <<'PY' || fail "frames back"
import sys
w, h, frames = map(int, sys.argv[1:])
size = w * h * 3 // 2
def frames_of(name):
    data = open(name, "rb").read()
    assert len(data) % size == 0, f"{name}: {len(data)} bytes, not frames"
    return [data[i:i + size] for i in range(0, len(data), size)]
inp, one, two = (frames_of(n) for n in
                 ("input.raw", "one-process.raw", "two-workers.raw"))
assert len(one) == frames, f"one process: {len(one)} frames of {frames}"
assert len(two) == frames, f"two workers: {len(two)} frames of {frames}"
def diff(a, b):
    d = [abs(p - q) for p, q in zip(a, b)]
    return max(d), sum(d) / len(d)
off = 0
for i in range(frames):
    worst, _ = diff(one[i], two[i])
    assert worst <= 1, f"frame {i}: {worst} levels from the one process"
    off += sum(p != q for p, q in zip(one[i], two[i]))
    _, filtered = diff(inp[i], two[i])
    assert filtered > 5, f"frame {i}: mean {filtered:.2f} levels from " \
        "the input: not filtered"
    if i:
        _, moved = diff(two[i - 1], two[i])
        assert moved > 1, f"frames {i - 1} and {i} alike"
print(f"{frames} frames as in one process; {off} of "
      f"{frames * size} bytes 1 level off")
PY

echo "a worker that never comes up"
base=$(free_port_base)
start=$(date +%s)
if "$INGEST" --listen 127.0.0.1 --reply-port $((base + 100)) \
    --worker 127.0.0.1:$base --timeout 3 \
    --source "videotestsrc num-buffers=5 ! $caps" >absent.log 2>&1; then
  fail "the ingest succeeded without its worker"
fi
grep -q "did not come up" absent.log || { cat absent.log; fail "absent.log"; }
[ $(($(date +%s) - start)) -lt 30 ] || fail "the absent worker took too long"

echo "a worker killed mid-stream"
base=$(free_port_base)
# shellcheck disable=SC2086
PORT=$base LOG_DIR=killed TIMEOUT=10 WORKERS=2 "$here/run.sh" \
  $format $width $height \
  "videotestsrc is-live=true num-buffers=600 pattern=snow" fakesink $props \
  >killed.log 2>&1 &
run_pid=$!
# kill worker 1 once it has filtered frames
tries=0
until [ -s killed/worker-1.pid ] && grep -qs "^worker 1" killed/ingest.log \
    && sleep 2; do
  tries=$((tries + 1))
  [ $tries -lt 300 ] || fail "the workers did not start"
  sleep 0.1
done
kill -9 "$(cat killed/worker-1.pid)" || fail "no worker 1 to kill"
start=$(date +%s)
if wait $run_pid; then
  run_pid=""
  fail "the ingest succeeded with a worker killed"
fi
run_pid=""
[ $(($(date +%s) - start)) -lt 60 ] || fail "the killed worker took too long"
cat killed.log
grep -q "^failed: .*worker-1\|^failed: worker 1" killed.log ||
  fail "no error naming worker 1"
echo "PASS"
