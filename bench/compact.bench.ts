// What one summary costs on our side and what it saves (issue 20 item 2), on a long recorded session:
// a session file given as BENCH_SESSION (a `.jsonl` of the sessions folder), or a generated one of
// BENCH_TURNS turns (prompt, a Read with 4–12 KB of code, the reply). The model is a stand-in that
// answers at once with a 2 KB summary, so the times are the client's alone: choosing what is kept,
// building and sizing the requests, the summary message. Also the view every request pays for (the
// last summary on, old tool results cleared when over the threshold) and what that cheap step saves.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Message } from '../src/shared/transcript';
import { compactConversation } from '../src/main/engine/compact/compactor';
import { compactLimits, compactSettingsFrom } from '../src/main/engine/compact/settings';
import { clearOldToolResults, estimateTokens, modelView } from '../src/main/engine/compact/view';
import type { RequestParts } from '../src/main/engine/model-call';
import { toApiMessages } from '../src/main/engine/request';
import { buildSystemPrompt } from '../src/main/engine/system-prompt';
import { DEFAULT_RETRY_POLICY } from '../src/main/model/retry';
import type { ModelClient } from '../src/main/model/types';
import { getAllBaseTools } from '../src/main/tools/builtin';
import { buildToolsParam } from '../src/main/tools/core/tools-param';
import { prng, WORDS } from './lib/prng';
import { envInt, fmt, machineInfo, markdownTable, median, writeResult } from './lib/stats';

const RUNS = envInt('BENCH_RUNS', 9);
const WARMUP = envInt('BENCH_WARMUP', 2);
const TURNS = envInt('BENCH_TURNS', 150);
const REPO = process.env.BENCH_REPO ?? process.cwd();

function generated(turns: number): Message[] {
  const rand = prng(20);
  const word = () => WORDS[Math.floor(rand() * WORDS.length)]!;
  const line = (n: number) => `  const ${word()}_${n} = ${word()}(${word()}, ${word()}); // ${word()} ${word()}`;
  const out: Message[] = [];
  for (let t = 0; t < turns; t++) {
    const file = `/project/src/${word()}/${word()}-${t}.ts`;
    const lines = 60 + Math.floor(rand() * 140);
    out.push({ id: `u${t}`, role: 'user', content: [{ type: 'text', text: `Please look at ${file} and fix the ${word()} handling of ${word()}.` }], createdAt: t });
    out.push({ id: `a${t}`, role: 'assistant', content: [{ type: 'text', text: `I'll read ${file} first.` }, { type: 'tool_use', id: `t${t}`, name: 'Read', input: { file_path: file } }], createdAt: t });
    out.push({ id: `r${t}`, role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${t}`, content: Array.from({ length: lines }, (_, i) => `${String(i + 1).padStart(6)}\t${line(i)}`).join('\n') }], createdAt: t });
    out.push({ id: `b${t}`, role: 'assistant', content: [{ type: 'text', text: `The ${word()} in ${file} now checks its ${word()} before the ${word()}; ${'the rest is unchanged. '.repeat(3)}` }], createdAt: t });
  }
  return out;
}

function recorded(file: string): Message[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((l) => {
      try {
        const j = JSON.parse(l) as { type?: string; message?: Message };
        return j.type === 'message' && j.message ? [j.message] : [];
      } catch {
        return [];
      }
    });
}

const messages = process.env.BENCH_SESSION ? recorded(process.env.BENCH_SESSION) : generated(TURNS);
const system = buildSystemPrompt({ projectDir: '/project', isGitRepo: true });
const { tools } = buildToolsParam(getAllBaseTools(), new Set());
const requestFor = (view: Message[]): RequestParts => ({ system, tools, messages: toApiMessages(view) });
const SUMMARY = `<analysis>…</analysis>\n<summary>\n${'1. Primary request and intent: fix the handling. '.repeat(40)}\n</summary>`;
const instant: ModelClient = {
  async *stream() {
    yield { type: 'done', content: [{ type: 'text', text: SUMMARY }], stopReason: 'end_turn', usage: { inputTokens: 0, outputTokens: 500, cacheReadTokens: 0, cacheWriteTokens: 0 }, model: 'bench' };
  },
};

// The window set so the whole session is just past the threshold, as when a summary is due.
const whole = estimateTokens(requestFor(messages));
const window = Math.ceil(whole / 0.92) - 1;
const limits = compactLimits(compactSettingsFrom({ CLAUDE_CODE_AUTO_COMPACT_WINDOW: String(window) }), 'bench');

async function once(): Promise<{ ms: number; before: number; after: number; viewMs: number; cleared: number; clearedTokens: number }> {
  const v0 = performance.now();
  const parts = requestFor(modelView(messages));
  const size = estimateTokens(parts);
  const { messages: cleared, cleared: count } = size > limits.threshold ? clearOldToolResults(parts.messages, limits.toolResultBudget) : { messages: parts.messages, cleared: 0 };
  const clearedTokens = size - estimateTokens({ ...parts, messages: cleared });
  const viewMs = performance.now() - v0;
  let id = 0;
  const t0 = performance.now();
  const r = await compactConversation(
    { client: instant, model: 'bench', retry: DEFAULT_RETRY_POLICY, request: requestFor, limits, now: () => 0, newId: () => `c${++id}` },
    messages,
    'auto',
    '',
    new AbortController().signal,
  );
  const ms = performance.now() - t0;
  if (r.kind !== 'compacted') throw new Error(`no summary: ${r.kind}`);
  return { ms, before: r.message.compaction!.tokensBefore, after: r.message.compaction!.tokensAfter, viewMs, cleared: count, clearedTokens };
}

async function main(): Promise<void> {
  for (let i = 0; i < WARMUP; i++) await once();
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once());
  const r = runs[0]!;
  const info = machineInfo(REPO);
  const source = process.env.BENCH_SESSION ? `recorded session ${process.env.BENCH_SESSION}` : `generated session of ${TURNS} turns`;
  const data = {
    source,
    messages: messages.length,
    window,
    threshold: limits.threshold,
    compactMs: median(runs.map((x) => x.ms)),
    viewMs: median(runs.map((x) => x.viewMs)),
    tokensBefore: r.before,
    tokensAfter: r.after,
    clearedResults: r.cleared,
    clearedTokens: r.clearedTokens,
  };
  console.log(`\n### One summary, client side (${source}, ${messages.length} messages; median of ${RUNS}, +${WARMUP} warm-up)`);
  console.log(`${info.date.slice(0, 10)}, commit ${info.commit}, node ${info.node}, ${info.cpus} CPUs, load ${info.loadavg.join(' / ')}\n`);
  console.log(
    markdownTable(
      ['what', 'value'],
      [
        ['the model view + its size, per request (ms)', fmt(data.viewMs)],
        ['one summary without the model’s time (ms)', fmt(data.compactMs)],
        ['tokens the model reads before → after the summary', `${data.tokensBefore} → ${data.tokensAfter}`],
        ['tokens saved by the summary', `${data.tokensBefore - data.tokensAfter} (${fmt((100 * (data.tokensBefore - data.tokensAfter)) / data.tokensBefore, 1)} %)`],
        ['the cheap step alone: tool results cleared, tokens saved', `${data.clearedResults}, ${data.clearedTokens} (${fmt((100 * data.clearedTokens) / data.tokensBefore, 1)} %)`],
      ],
    ),
  );
  console.log(`\n(written to ${writeResult(REPO, 'compact', { info, runs: RUNS, data })})`);
}

void main();
