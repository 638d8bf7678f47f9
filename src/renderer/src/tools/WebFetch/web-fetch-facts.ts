// WebFetch's view data, pure: the address and its site, the structured output (WebFetchData in
// `result.data`, parsed, never trusted), the answer's facts in plain words ("200 OK · 12 KB").
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { WebFetchData } from '../../../../shared/tools/web-fetch';

export function webFetchInput(input: unknown): { url: string; prompt: string } {
  const r = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  return { url: typeof r.url === 'string' ? r.url : '', prompt: typeof r.prompt === 'string' ? r.prompt : '' };
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

export function webFetchOutput(call: ToolCallView): WebFetchData | null {
  const parsed = WebFetchData.safeParse(call.result?.data);
  return parsed.success ? parsed.data : null;
}

/** The site the call reads: "docs.python.org"; the address itself when it has no host. */
export function webFetchSubject(call: ToolCallView): string {
  const { url } = webFetchInput(call.input);
  return hostOf(url) || url || 'a web page';
}

/** "Read a page from example.com" (the same words before and after); "The page on … moved to …". */
export function webFetchTitle(call: ToolCallView): string {
  const out = webFetchOutput(call);
  if (out?.redirectUrl) return `The page on ${webFetchSubject(call)} moved to ${hostOf(out.redirectUrl) || out.redirectUrl}`;
  return `Read a page from ${webFetchSubject(call)}`;
}

/** 1234 → "1.2 KB", in the units a person reads. */
export function sizeWords(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(bytes < 10_000 ? 1 : 0)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** "200 OK · 12 KB"; a redirect's status alone. */
export function statusWords(out: WebFetchData): string {
  const status = `${out.code}${out.codeText ? ` ${out.codeText}` : ''}`;
  return out.redirectUrl ? status : `${status} · ${sizeWords(out.bytes)}`;
}
