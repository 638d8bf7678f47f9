// Adds, removes and replaces one rule in a Claude Code settings file, keeping every other key, the
// key order and the file's indent (2 spaces for a new file). A file that is not valid JSON is never
// overwritten: the edit fails with the file's own parse error. Writes are atomic and serialised.
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../fs/atomic-write';
import { parseJsonText } from '../settings/json-file';
import { ruleProblem } from '../permissions/rule-problem';
import type { RuleBehavior } from '../permissions/types';

export type RuleFileEdit =
  | { op: 'add'; behavior: RuleBehavior; rule: string }
  | { op: 'remove'; behavior: RuleBehavior; rule: string }
  | { op: 'update'; behavior: RuleBehavior; rule: string; newRule: string; newBehavior?: RuleBehavior };

export class RuleFileError extends Error {
  constructor(
    readonly code: 'invalid_rule' | 'not_found' | 'broken_file' | 'io',
    message: string,
  ) {
    super(message);
    this.name = 'RuleFileError';
  }
}

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The indent the file already uses (its first indented line), else two spaces. */
export function detectIndent(text: string): string | number {
  const m = /\n([ \t]+)\S/.exec(text);
  return m ? m[1]! : 2;
}

function checkRule(rule: string, behavior: RuleBehavior): string {
  const problem = ruleProblem(rule.trim(), undefined, behavior);
  if (problem) throw new RuleFileError('invalid_rule', `"${rule.trim()}" is not a valid rule: ${problem}`);
  return rule.trim();
}

/** Applies the edit to a parsed settings object (mutating a copy); returns whether anything changed. */
export function applyRuleEdit(json: Json, edit: RuleFileEdit, file: string): { json: Json; changed: boolean } {
  const out: Json = structuredClone(json);
  const perms: Json = isObject(out.permissions) ? out.permissions : {};
  const list = (b: RuleBehavior): string[] => {
    const v = perms[b];
    if (v !== undefined && !Array.isArray(v)) throw new RuleFileError('broken_file', `${file}: permissions.${b} is not a list; fix it by hand first.`);
    return Array.isArray(v) ? (v as unknown[]).filter((x): x is string => typeof x === 'string') : [];
  };
  const set = (b: RuleBehavior, rules: string[]) => {
    perms[b] = rules;
    out.permissions = perms;
  };
  const rule = edit.rule.trim();
  if (edit.op === 'add') {
    const r = checkRule(rule, edit.behavior);
    const cur = list(edit.behavior);
    if (cur.includes(r)) return { json, changed: false };
    set(edit.behavior, [...cur, r]);
    return { json: out, changed: true };
  }
  const cur = list(edit.behavior);
  const at = cur.indexOf(rule);
  if (at < 0) throw new RuleFileError('not_found', `${file} has no ${edit.behavior} rule "${rule}".`);
  if (edit.op === 'remove') {
    set(edit.behavior, cur.filter((_, i) => i !== at));
    return { json: out, changed: true };
  }
  const target = edit.newBehavior ?? edit.behavior;
  const next = checkRule(edit.newRule, target);
  if (target === edit.behavior) {
    const replaced = cur.map((x, i) => (i === at ? next : x)).filter((x, i, all) => all.indexOf(x) === i);
    set(edit.behavior, replaced);
  } else {
    set(edit.behavior, cur.filter((_, i) => i !== at));
    const dest = list(target);
    if (!dest.includes(next)) set(target, [...dest, next]);
  }
  return { json: out, changed: true };
}

const queues = new Map<string, Promise<unknown>>();

/** Edits one settings file; resolves once the file is written (or nothing needed changing). */
export function editRuleFile(file: string, edit: RuleFileEdit): Promise<{ changed: boolean }> {
  const run = async () => {
    let text = '';
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw new RuleFileError('io', `Could not read ${file} (${code ?? String(err)}).`);
    }
    const parsed = parseJsonText(file, text);
    if (parsed.kind === 'error') throw new RuleFileError('broken_file', `${parsed.warning.replace(/; it was ignored\.$/, '')}; fix it before changing rules here.`);
    const json = parsed.kind === 'ok' ? parsed.value : {};
    if (!isObject(json)) throw new RuleFileError('broken_file', `${file} does not hold a JSON object; fix it before changing rules here.`);
    const { json: next, changed } = applyRuleEdit(json, edit, file);
    if (!changed) return { changed };
    try {
      await writeFileAtomic(file, new TextEncoder().encode(JSON.stringify(next, null, detectIndent(text)) + '\n'));
    } catch (err) {
      throw new RuleFileError('io', `Could not write ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)}).`);
    }
    return { changed };
  };
  const prev = queues.get(file) ?? Promise.resolve();
  const next = prev.then(run, run);
  queues.set(
    file,
    next.catch(() => undefined),
  );
  return next;
}
