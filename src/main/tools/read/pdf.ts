// PDF text per page with pdf.js (legacy Node build, loaded only when a PDF is read): no worker thread,
// no font loading, no network. Encrypted and broken files fail with a plain message.
import { loadExternal } from '../../base/load-external';
import { READ_MAX_PDF_PAGES } from '../../../shared/tools/read';
import { FileToolError } from '../fs-common/errors';

export const PDF_ERROR_CODE = 12;
/** pdf.js holds the whole file and its parsed objects in memory. */
export const MAX_PDF_BYTES = 32 * 1024 * 1024;

export interface PdfText {
  totalPages: number;
  pages: Array<{ page: number; text: string }>;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let loaded: Promise<PdfJs> | undefined;
const loadPdfJs = () => (loaded ??= loadExternal<PdfJs>('pdfjs-dist/legacy/build/pdf.mjs'));

function pdfError(filePath: string, e: unknown): FileToolError {
  const name = e instanceof Error ? e.name : '';
  if (name === 'PasswordException') {
    return new FileToolError(`The PDF ${filePath} is encrypted (password-protected); its text cannot be read.`, PDF_ERROR_CODE);
  }
  const why = e instanceof Error ? e.message : String(e);
  return new FileToolError(`The PDF ${filePath} could not be read: it looks damaged or is not a PDF (${why}).`, PDF_ERROR_CODE);
}

/** `wanted` = 1-based page numbers; undefined = every page (refused over READ_MAX_PDF_PAGES). */
export async function readPdfText(filePath: string, bytes: Uint8Array, wanted: number[] | undefined): Promise<PdfText> {
  if (bytes.length > MAX_PDF_BYTES) {
    throw new FileToolError(`The PDF ${filePath} is too large (${bytes.length} bytes; the limit is ${MAX_PDF_BYTES}).`, PDF_ERROR_CODE);
  }
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdf.js takes ownership of (detaches) the buffer it gets: give it a copy.
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    disableAutoFetch: true,
    disableStream: true,
    stopAtErrors: false,
    verbosity: 0,
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (e) {
    await task.destroy().catch(() => undefined);
    throw pdfError(filePath, e);
  }
  try {
    const total = doc.numPages;
    if (!wanted && total > READ_MAX_PDF_PAGES) {
      throw new FileToolError(
        `This PDF has ${total} pages, which is too many to read at once. Use the pages parameter to read specific page ranges (e.g., pages: "1-5"). Maximum ${READ_MAX_PDF_PAGES} pages per request.`,
        PDF_ERROR_CODE,
      );
    }
    const pages = wanted ?? Array.from({ length: total }, (_, i) => i + 1);
    const missing = pages.filter((p) => p > total);
    if (missing.length) throw new FileToolError(`The PDF ${filePath} has ${total} page${total === 1 ? '' : 's'}; page ${missing[0]} does not exist.`, PDF_ERROR_CODE);
    const out: PdfText['pages'] = [];
    for (const n of pages) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      out.push({ page: n, text: text.trim() });
      page.cleanup();
    }
    return { totalPages: total, pages: out };
  } catch (e) {
    if (e instanceof FileToolError) throw e;
    throw pdfError(filePath, e);
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}
