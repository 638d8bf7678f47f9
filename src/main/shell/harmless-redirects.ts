// A command as rules should read it without the redirections that change nothing outside it (`2>&1`,
// `>&2`, `> /dev/null`, `< /dev/null`): `npm test 2>&1 | tail` is `npm test` to `Bash(npm test:*)`,
// as in Claude Code, while a redirection into a file still keeps the rule from matching.
import type { Redirect, SimpleCommand } from './types';

/** `2>&1`, `>&2`, `1>&-`, `&>/dev/null`, `>& /dev/null`, `2>> /dev/null`, `</dev/null` as written at the start of `s`. */
const HARMLESS = /^(?:\d*>&\s*(?:\d+|-)|(?:\d*(?:>>|>\||>&|>)|&>>|&>|\d*<)\s*\/dev\/null)(?=\s|$)/;

function harmless(r: Redirect): boolean {
  if (r.op === '>&' && /^(?:\d+|-|)$/.test(r.target)) return true;
  return r.target === '/dev/null' && ['>', '>>', '>|', '>&', '&>', '&>>', '<'].includes(r.op);
}

export function withoutHarmlessRedirects(cmd: SimpleCommand): SimpleCommand {
  if (cmd.redirects.length === 0) return cmd;
  let text = cmd.text;
  const kept: Redirect[] = [];
  // Right to left, so earlier offsets stay true.
  const byOffset = [...cmd.redirects].sort((a, b) => (b.offset ?? -1) - (a.offset ?? -1));
  for (const r of byOffset) {
    const at = r.offset ?? -1;
    const m = at >= 0 && harmless(r) ? HARMLESS.exec(text.slice(at)) : null;
    if (!m) {
      kept.push(r);
      continue;
    }
    text = (text.slice(0, at).trimEnd() + ' ' + text.slice(at + m[0].length).trimStart()).trim();
  }
  if (kept.length === cmd.redirects.length) return cmd;
  const { argvOffsets: _dropped, ...rest } = cmd;
  return { ...rest, text, redirects: kept.reverse().map((r) => ({ ...r, offset: -1 })) };
}
