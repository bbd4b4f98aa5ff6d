import { describe, expect, it } from 'vitest';
import { csvLine, parseCsv } from './csv.ts';
import { enumValuesOf } from './admin-builder.service.ts';

describe('admin builder CSV and column types', () => {
  it('parses quoted fields, doubled quotes, CRLF and a BOM; writes formula-safe cells', () => {
    expect(parseCsv('\uFEFFname,note\r\n"한, 가람","say ""hi""\nagain"\r\n\r\nbob,\n')).toEqual([
      ['name', 'note'],
      ['한, 가람', 'say "hi"\nagain'],
      ['bob', ''],
    ]);
    expect(csvLine(['=SUM(A1)', -5, null, 'a,b', { x: 1 }])).toBe(`'=SUM(A1),-5,,"a,b","{""x"":1}"\r\n`);
  });

  it('reads MySQL/MariaDB enum values', () => {
    expect(enumValuesOf("enum('paid','it''s','')")).toEqual(['paid', "it's", '']);
    expect(enumValuesOf('varchar(20)')).toBeNull();
  });
});
