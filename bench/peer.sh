#!/usr/bin/env bash
# Agent Desk against Claude Code on the shared peer bench (../shared/peer-bench), in one session:
# builds Agent Desk (the `npm run build` bundle), then for each scenario runs Claude Code and Agent Desk back to back (so machine
# drift hits both), and prints one table with the ratios Agent Desk / Claude Code.
#
#   bench/peer.sh [scenario ...]        # default: bash-serial large-output
#
# Environment (all optional):
#   RUNS=5 WARMUP=1 TIMEOUT=180      passed to run-peer.sh (per round)
#   ROUNDS=1                         repeat the whole comparison; the two agents' order flips every
#                                    round and all rounds' runs are analysed together (with ROUNDS=5
#                                    RUNS=1, every measured run of one agent sits next to one of the other)
#   AD_BUILD_DIR=<repo>/bench/results/app   where Agent Desk is built: the main bundle of
#                                    `npm run build` (electron-vite with the app's config, main target
#                                    only: bench/cli-build.config.ts), in a folder of its own so a bench
#                                    never swaps out/ under someone's running e2e
#   SKIP_BUILD=1                     use the existing build in AD_BUILD_DIR
#   AGENT_DESK=$AD_BUILD_DIR/main/cli.js   the CLI entry (bin/agent-desk.js requires it; called with
#                                    node directly, so the shim's extra require stays out of the figures)
#   PEER_BENCH=<repo>/../shared/peer-bench
#   CLAUDE_BIN=${TMPDIR:-/tmp}/peer-bench/cc-latest/node_modules/.bin/claude
#   WORK=${TMPDIR:-/tmp}/peer-bench  fixture and results live here (run-peer.sh's default)
#   SANDBOX=1                        both agents run with Claude Code's `sandbox.enabled` (a `--settings`
#                                    file both read); a `bwrap` shim first on PATH counts the boxes each
#                                    agent started, so a run that silently did not box shows up
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PEER_BENCH="${PEER_BENCH:-$REPO/../shared/peer-bench}"
PEER_BENCH="$(cd "$PEER_BENCH" && pwd)"
export WORK="${WORK:-${TMPDIR:-/tmp}/peer-bench}"
export RUNS="${RUNS:-5}" WARMUP="${WARMUP:-1}" TIMEOUT="${TIMEOUT:-180}"
SCENARIOS=("$@")
[ ${#SCENARIOS[@]} -eq 0 ] && SCENARIOS=(bash-serial large-output)

CLAUDE_BIN="${CLAUDE_BIN:-$WORK/cc-latest/node_modules/.bin/claude}"
if [ ! -x "$CLAUDE_BIN" ]; then
  echo "Claude Code not found at $CLAUDE_BIN. Install it with:" >&2
  echo "  mkdir -p $WORK/cc-latest && cd $WORK/cc-latest && npm init -y && npm install @anthropic-ai/claude-code" >&2
  exit 2
fi
export CLAUDE_BIN

AD_BUILD_DIR="${AD_BUILD_DIR:-$REPO/bench/results/app}"
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  echo "▶ build Agent Desk into $AD_BUILD_DIR"
  mkdir -p "$REPO/bench/results"
  (cd "$REPO" && npx electron-vite build -c bench/cli-build.config.ts --outDir "$AD_BUILD_DIR" > "$REPO/bench/results/app-build.log" 2>&1) \
    || { echo "build failed, see bench/results/app-build.log" >&2; tail -20 "$REPO/bench/results/app-build.log" >&2; exit 1; }
fi
export AGENT_DESK="${AGENT_DESK:-$AD_BUILD_DIR/main/cli.js}"
[ -f "$AGENT_DESK" ] || { echo "no built CLI at $AGENT_DESK" >&2; exit 2; }

STAMP="$(date +%Y%m%d-%H%M%S)"
ROOT="$WORK/results/compare-$STAMP"
mkdir -p "$ROOT"
CC_VERSION="$("$CLAUDE_BIN" --version 2>/dev/null || echo unknown)"
COMMIT="$(cd "$REPO" && git rev-parse --short HEAD 2>/dev/null || echo unknown)"
if [ -n "$(cd "$REPO" && git status --porcelain --untracked-files=no 2>/dev/null)" ]; then COMMIT="$COMMIT+dirty"; fi
AD_VERSION="agent-desk $(node "$AGENT_DESK" --version 2>/dev/null || echo unknown) ($COMMIT)"

ROUNDS="${ROUNDS:-1}"
AD_EXTRA="" CC_CMD=""
if [ "${SANDBOX:-0}" = 1 ]; then
  command -v bwrap > /dev/null && command -v socat > /dev/null || { echo "SANDBOX=1 needs bubblewrap and socat (apt-get install bubblewrap socat)" >&2; exit 2; }
  export PEER_SETTINGS="$ROOT/sandbox-settings.json"
  echo '{"sandbox":{"enabled":true,"autoAllowBashIfSandboxed":true}}' > "$PEER_SETTINGS"
  mkdir -p "$ROOT/shim"
  printf '#!/bin/sh\necho x >> "$BWRAP_LOG"\nexec %s "$@"\n' "$(command -v bwrap)" > "$ROOT/shim/bwrap"
  chmod +x "$ROOT/shim/bwrap"
  export PATH="$ROOT/shim:$PATH"
  AD_EXTRA=' --settings "$PEER_SETTINGS"'
  # run-peer.sh's own Claude Code command, with the same settings file.
  CC_CMD='"$CLAUDE_BIN" -p "$PROMPT" --output-format stream-json --verbose --allowedTools "Read,Grep,Glob,Bash" --settings "$PEER_SETTINGS"'
fi
run_cc() { # $1 scenario, $2 round dir
  echo "▶ $1: Claude Code"
  BWRAP_LOG="$2/bwrap-claude-code-$1.log" OUT="$2/claude-code" AGENT_NAME=claude-code \
    AGENT_CMD="$CC_CMD" AGENT_VERSION="${CC_CMD:+$CC_VERSION}" \
    "$PEER_BENCH/run-peer.sh" "$1" > "$2/claude-code-$1.log" 2>&1 \
    || { echo "run-peer.sh failed for Claude Code on $1, see $2/claude-code-$1.log" >&2; tail -20 "$2/claude-code-$1.log" >&2; exit 1; }
  grep -E '^\s+'"$1"'\s+run' "$2/claude-code-$1.log" || true
}
run_ad() {
  echo "▶ $1: Agent Desk"
  BWRAP_LOG="$2/bwrap-agent-desk-$1.log" OUT="$2/agent-desk" AGENT_NAME=agent-desk AGENT_VERSION="$AD_VERSION" \
    AGENT_CMD='node "$AGENT_DESK" -p "$PROMPT" --allowedTools "Read,Grep,Glob,Bash"'"$AD_EXTRA" \
    "$PEER_BENCH/run-peer.sh" "$1" > "$2/agent-desk-$1.log" 2>&1 \
    || { echo "run-peer.sh failed for Agent Desk on $1, see $2/agent-desk-$1.log" >&2; tail -20 "$2/agent-desk-$1.log" >&2; exit 1; }
  grep -E '^\s+'"$1"'\s+run' "$2/agent-desk-$1.log" || true
}
for ((R = 1; R <= ROUNDS; R++)); do
  RD="$ROOT/round$R"; mkdir -p "$RD"
  [ "$ROUNDS" -gt 1 ] && echo "── round $R/$ROUNDS"
  for S in "${SCENARIOS[@]}"; do
    if [ $((R % 2)) -eq 1 ]; then run_cc "$S" "$RD"; run_ad "$S" "$RD"; else run_ad "$S" "$RD"; run_cc "$S" "$RD"; fi
    # The floor under both: the same commands as bare `bash -c` (Bash-only scenarios; skipped otherwise).
    node "$REPO/bench/bare-commands.mjs" "$S" --runs "$RUNS" --out "$RD/bare-$S.json" 2>/dev/null || true
  done
done

node "$REPO/bench/peer-merge.mjs" "$ROOT" > /dev/null
for A in claude-code agent-desk; do node "$PEER_BENCH/analyze.mjs" "$ROOT/$A" --json > "$ROOT/$A/summary.json"; done
node "$REPO/bench/peer-compare.mjs" "$ROOT" --cc-version "$CC_VERSION" --ad-version "$AD_VERSION" --runs "$RUNS" --warmup "$WARMUP" --rounds "$ROUNDS" --commit "$COMMIT"
