// Test support: a minimal valid PDF written by hand (one text line per page, Helvetica), optionally
// with a Standard-security /Encrypt dictionary no empty password opens. Not used by production code.

export function makePdf(pageTexts: string[], opts: { encrypted?: boolean } = {}): Buffer {
  const objs: string[] = [];
  const kids = pageTexts.map((_, i) => `${4 + 2 * i} 0 R`).join(' ');
  objs.push('<< /Type /Catalog /Pages 2 0 R >>');
  objs.push(`<< /Type /Pages /Kids [${kids}] /Count ${pageTexts.length} >>`);
  objs.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  pageTexts.forEach((t, i) => {
    const stream = `BT /F1 24 Tf 72 720 Td (${t.replace(/[()\\]/g, (c) => `\\${c}`)}) Tj ET`;
    objs.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`);
    objs.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });
  let encryptRef = '';
  if (opts.encrypted) {
    const hex32 = 'ab'.repeat(32);
    objs.push(`<< /Filter /Standard /V 1 /R 2 /O <${hex32}> /U <${hex32}> /P -4 >>`);
    encryptRef = ` /Encrypt ${objs.length} 0 R /ID [<${'11'.repeat(16)}> <${'11'.repeat(16)}>]`;
  }
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R${encryptRef} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
