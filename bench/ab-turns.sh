#!/usr/bin/env bash
# A/B of Agent Desk builds on one peer-bench scenario: runs the builds alternately against the peer
# bench's mock server and prints each build's median per-turn time (end of a streamed tool_use reply →
# arrival of the next request, averaged over the run's turns), so a change is measured against the
# build before it in the same minutes of the same machine.
#
#   bench/ab-turns.sh <scenario> <runs> <cli.js | "node-flags cli.js"> [more builds ...]
#   e.g. bench/ab-turns.sh parallel-reads 30 /tmp/before/main/cli.js /tmp/after/main/cli.js
#
# Build one with: npx electron-vite build -c bench/cli-build.config.ts --outDir /tmp/after
# Env: PEER_BENCH (default ../shared/peer-bench), WORK (default ${TMPDIR:-/tmp}/peer-bench, the fixture).
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PEER="${PEER_BENCH:-$REPO/../shared/peer-bench}"
WORK="${WORK:-${TMPDIR:-/tmp}/peer-bench}"
FIX="$WORK/fixture"
[ $# -ge 3 ] || { sed -n '2,10p' "$0" >&2; exit 2; }
SC=$1 N=$2
shift 2
BUILDS=("$@")
[ -d "$FIX/src" ] || node "$PEER/gen-fixture.mjs" --out "$FIX" >/dev/null

one() {
  local tmp mock
  tmp=$(mktemp -d)
  node "$PEER/mock-anthropic.mjs" --scenario "$PEER/scenarios/$SC.json" --fixture "$FIX" --log "$tmp/mock.jsonl" --port-file "$tmp/port" >/dev/null 2>&1 &
  mock=$!
  for _ in $(seq 100); do [ -s "$tmp/port" ] && break; sleep 0.02; done
  # shellcheck disable=SC2086 # a build may carry node flags before its cli.js
  (cd "$FIX" && HOME="$tmp" ANTHROPIC_BASE_URL="http://127.0.0.1:$(cat "$tmp/port")" ANTHROPIC_API_KEY=bench \
    node $1 -p "BENCH-SCENARIO $SC: run" --allowedTools "Read,Grep,Glob,Bash" >/dev/null)
  kill "$mock"
  node -e "
    const r = require('fs').readFileSync('$tmp/mock.jsonl', 'utf8').trim().split('\n').map(JSON.parse).filter((x) => x.kind === 'main');
    let t = 0; for (let k = 1; k < r.length; k++) t += r[k].t_arrive - r[k - 1].t_end;
    console.log((t / (r.length - 1)).toFixed(1));"
  rm -rf "$tmp"
}

declare -A RES
for _ in $(seq "$N"); do
  for i in "${!BUILDS[@]}"; do RES[$i]+="$(one "${BUILDS[$i]}") "; done
done
for i in "${!BUILDS[@]}"; do
  # shellcheck disable=SC2086
  med=$(printf '%s\n' ${RES[$i]} | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "${BUILDS[$i]}: median per-turn ${med} ms over $N runs (all: ${RES[$i]})"
done
