// The `pages` argument of a PDF Read: "3", "1-5", "10-20", or a comma list of those ("1-3,7").
import { READ_MAX_PDF_PAGES } from '../../../shared/tools/read';

export type PageSpec = { ok: true; pages: number[] } | { ok: false; message: string };

export function parsePageRange(spec: string): PageSpec {
  const pages = new Set<number>();
  for (const part of spec.split(',').map((s) => s.trim())) {
    const m = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    if (!m) return { ok: false, message: `Invalid pages "${spec}": use a page number or a range like "1-5" (or a comma list of them).` };
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a < 1 || b < a) return { ok: false, message: `Invalid pages "${spec}": pages start at 1 and a range must not run backwards.` };
    if (b - a + 1 > READ_MAX_PDF_PAGES) break;
    for (let p = a; p <= b; p++) pages.add(p);
    if (pages.size > READ_MAX_PDF_PAGES) break;
  }
  if (pages.size > READ_MAX_PDF_PAGES || spec.split(',').some((s) => tooWide(s))) {
    return { ok: false, message: `Too many pages in "${spec}": at most ${READ_MAX_PDF_PAGES} pages per request.` };
  }
  return { ok: true, pages: [...pages].sort((x, y) => x - y) };
}

function tooWide(part: string): boolean {
  const m = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(part);
  return m !== null && Number(m[2]) - Number(m[1]) + 1 > READ_MAX_PDF_PAGES;
}
