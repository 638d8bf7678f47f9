// Read's view words (UI1, UI2): ranges, pictures, PDFs, notebooks, the unchanged stub; input parsing.
import { describe, expect, it } from 'vitest';
import type { ReadOutput } from '../../../../shared/tools/read';
import { readFacts, readInput, readNotes, requestedRange } from './read-facts';

const text = (startLine: number, numLines: number, totalLines: number, truncatedLines = 0): ReadOutput => ({
  type: 'text',
  file: { filePath: '/p/a.ts', content: 'x', startLine, numLines, totalLines, truncatedLines },
});

describe('readFacts', () => {
  it('text ranges', () => {
    expect(readFacts(text(1, 200, 1234))).toBe('Lines 1–200 of 1,234');
    expect(readFacts(text(1, 3, 3))).toBe('The whole file (3 lines)');
    expect(readFacts(text(1, 1, 1))).toBe('The whole file (1 line)');
    expect(readFacts(text(50, 1, 80))).toBe('Line 50 of 80');
    expect(readFacts(text(1, 0, 0))).toBe('The file is empty');
    expect(readFacts({ type: 'text', file: { filePath: '/p/a', content: '', startLine: 90, numLines: 0, totalLines: 10, truncatedLines: 0 } })).toBe(
      'Nothing past line 10: the file has 10 lines',
    );
  });

  it('pictures, PDFs, notebooks and the unchanged stub', () => {
    const image: ReadOutput = {
      type: 'image',
      file: { filePath: '/p/a.png', base64: 'AA', mediaType: 'image/png', originalSize: 10, width: 800, height: 600, originalWidth: 4000, originalHeight: 3000, resized: true },
    };
    expect(readFacts(image)).toBe('PNG picture, 4,000 × 3,000 (sent smaller: 800 × 600)');
    const pdf = (pages: number[], totalPages: number): ReadOutput => ({ type: 'pdf', file: { filePath: '/p/a.pdf', totalPages, originalSize: 1, pages: pages.map((page) => ({ page, text: '' })) } });
    expect(readFacts(pdf([1, 2, 3], 10))).toBe('Pages 1–3 of 10');
    expect(readFacts(pdf([1, 2], 2))).toBe('All 2 pages of the PDF');
    expect(readFacts(pdf([1, 5], 9))).toBe('2 pages of 9');
    const nb: ReadOutput = { type: 'notebook', file: { filePath: '/p/n.ipynb', language: 'python', cells: [{ cellId: 'a', cellType: 'code', source: 'x', outputs: [] }] } };
    expect(readFacts(nb)).toBe('Notebook with 1 cell (python)');
    expect(readFacts({ type: 'file_unchanged', file: { filePath: '/p/a.ts' } })).toBe('Unchanged since the assistant read it earlier');
  });

  it('notes: cut lines and the tool’s own remarks', () => {
    expect(readNotes(text(1, 5, 5, 2))).toEqual(['2 very long lines were cut short.']);
    expect(readNotes({ ...text(1, 5, 5, 1), notes: ['Showing part of the file.'] } as ReadOutput)).toEqual(['1 very long line was cut short.', 'Showing part of the file.']);
    expect(readNotes(null)).toEqual([]);
  });
});

describe('readInput / requestedRange', () => {
  it('reads fields defensively (quoted numbers count, junk is ignored)', () => {
    expect(readInput({ file_path: '/p/a.ts', offset: '10', limit: 50 })).toEqual({ filePath: '/p/a.ts', offset: 10, limit: 50, pages: null });
    expect(readInput(null)).toEqual({ filePath: '', offset: null, limit: null, pages: null });
    expect(readInput({ file_path: 3, offset: 'x' })).toEqual({ filePath: '', offset: null, limit: null, pages: null });
  });
  it('words the requested range', () => {
    expect(requestedRange(readInput({ file_path: 'a', offset: 10, limit: 50 }))).toBe('lines 10–59');
    expect(requestedRange(readInput({ file_path: 'a', offset: 10 }))).toBe('from line 10');
    expect(requestedRange(readInput({ file_path: 'a', limit: 1 }))).toBe('the first 1 line');
    expect(requestedRange(readInput({ file_path: 'a.pdf', pages: '1-3' }))).toBe('pages 1-3');
    expect(requestedRange(readInput({ file_path: 'a' }))).toBe('');
  });
});
