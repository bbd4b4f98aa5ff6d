/**
 * Builds simple text PDFs for tests and benchmarks: `pages` pages, each with `linesPerPage` lines of ASCII text.
 * Valid enough for pdf.js (objects, page tree, font; xref rebuilt by the reader).
 */
export function makeTextPdf(
  pages: number,
  linesPerPage = 3,
  line = (page: number, i: number) => `Page ${page} line ${i}: parking permit and meeting room notes`,
): Buffer {
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1: catalog, 2: pages, 3: font; then per page a page object and a content stream.
  let id = 4;
  const body: string[] = [];
  for (let p = 1; p <= pages; p++) {
    const pageId = id++;
    const contentId = id++;
    pageIds.push(pageId);
    const ops = ['BT /F1 10 Tf 14 TL 40 780 Td'];
    for (let i = 0; i < linesPerPage; i++) ops.push(`(${line(p, i).replace(/[()\\]/g, '')}) Tj T*`);
    ops.push('ET');
    const stream = ops.join('\n');
    body.push(`${pageId} 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents ${contentId} 0 R/Resources<</Font<</F1 3 0 R>>>>>>endobj`);
    body.push(`${contentId} 0 obj<</Length ${Buffer.byteLength(stream, 'latin1')}>>stream\n${stream}\nendstream endobj`);
  }
  objects.push('%PDF-1.4');
  objects.push('1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj');
  objects.push(`2 0 obj<</Type/Pages/Kids[${pageIds.map((x) => `${x} 0 R`).join(' ')}]/Count ${pages}>>endobj`);
  objects.push('3 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj');
  objects.push(...body);
  objects.push('trailer<</Root 1 0 R>>');
  objects.push('%%EOF');
  return Buffer.from(objects.join('\n'), 'latin1');
}
