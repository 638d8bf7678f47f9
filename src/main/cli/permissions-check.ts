// `agent-desk permissions check`: JSON lines in, one JSON line out per case, streamed (a case is
// answered as soon as its line is complete), in input order. A line that is not a well-formed case
// answers `{"id", "error"}` and the rest goes on. Settings are read once, before the first line.
import type { CliIO } from './io';
import { CheckCase, createCheckEngine, type CheckAnswer, type CheckEngineOptions } from './permissions-engine';

/** The output line for one answered case. */
export function resultLine(id: unknown, a: CheckAnswer): string {
  if (!a.ok) return JSON.stringify({ id: id ?? null, error: a.error });
  const { explanation: e, decision, suggestions, note, warnings } = a.outcome;
  const rule = e.reason.kind === 'rule' ? { rule: e.reason.rule, source: e.reason.source, ...(e.reason.file ? { file: e.reason.file } : {}) } : {};
  return JSON.stringify({ id: id ?? null, decision, reason: e.text, ...rule, suggestions, ...(note ? { note } : {}), ...(warnings ? { warnings } : {}) });
}

/** The id of a line that is not valid JSON, when one can still be seen in it. */
export function salvageId(line: string): unknown {
  const m = /"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?)/.exec(line);
  if (!m) return null;
  try {
    return JSON.parse(m[1]!);
  } catch {
    return null;
  }
}

export async function answerLine(engine: { check(c: CheckCase): Promise<CheckAnswer> }, line: string): Promise<string> {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch (err) {
    return resultLine(salvageId(line), { ok: false, error: `not valid JSON (${err instanceof Error ? err.message.split('\n')[0] : String(err)})` });
  }
  const parsed = CheckCase.safeParse(raw);
  const id = raw && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined;
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return resultLine(id, { ok: false, error: `not a check case (${where}${issue?.message ?? 'invalid'})` });
  }
  try {
    return resultLine(parsed.data.id, await engine.check(parsed.data));
  } catch (err) {
    // One case's surprise never ends the stream.
    return resultLine(parsed.data.id, { ok: false, error: `could not decide (${err instanceof Error ? err.message : String(err)})` });
  }
}

/** Cases decided at once. */
const WINDOW = 64;

export async function runPermissionsCheck(opts: CheckEngineOptions, io: CliIO): Promise<number> {
  if (!io.stdin || io.stdin.isTTY) {
    io.stderr.write('agent-desk: permissions check reads JSON lines on stdin (one case per line)\n');
    return 2;
  }
  const engine = await createCheckEngine(opts);
  for (const w of engine.settings.warnings) io.stderr.write(`agent-desk: warning: ${w}\n`);
  io.stdin.setEncoding?.('utf8');
  // Up to WINDOW cases are decided at once (their file checks overlap); answers go out in input order.
  const inFlight: Array<Promise<string>> = [];
  let out = '';
  const drain = async (keep: number) => {
    while (inFlight.length > keep) out += (await inFlight.shift()!) + '\n';
  };
  let pending = '';
  for await (const chunk of io.stdin) {
    pending += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.trim() === '') continue;
      inFlight.push(answerLine(engine, line));
      await drain(WINDOW - 1);
    }
    // Everything answered so far leaves with this chunk; a slow case holds back only what follows it.
    await drain(0);
    if (out) io.stdout.write(out);
    out = '';
  }
  if (pending.trim() !== '') inFlight.push(answerLine(engine, pending));
  await drain(0);
  if (out) io.stdout.write(out);
  return 0;
}
