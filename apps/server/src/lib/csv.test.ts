import { describe, expect, it } from 'vitest';
import { CsvEncodingError, csvCell, csvDocument, csvHead, csvLine, decodeCsvBytes, parseCsv, parseCsvRecords } from './csv.ts';

describe('the suite CSV writer and reader', () => {
  it('escapes every formula start unless the whole cell is a plain number (OWASP CSV injection)', () => {
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe(`'-2+3+cmd|' /C calc'!A0`);
    expect(csvCell('-2+3')).toBe(`'-2+3`);
    expect(csvCell('=SUM(A1)')).toBe(`'=SUM(A1)`);
    expect(csvCell('+82 10')).toBe(`'+82 10`);
    expect(csvCell('@cmd')).toBe(`'@cmd`);
    expect(csvCell('\tx')).toBe(`'\tx`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('-1e5')).toBe(`'-1e5`);
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('12')).toBe('12');
    expect(csvCell('김민수')).toBe('김민수');
    expect(csvLine(['=SUM(A1)', -5, null, 'a,b', { x: 1 }])).toBe(`'=SUM(A1),-5,,"a,b","{""x"":1}"\r\n`);
    expect(csvDocument(['a'], [['-2+3']])).toBe(`\uFEFFa\r\n'-2+3\r\n`);
  });

  it('escapes formulas after leading whitespace and in full-width forms; leaves other number spellings alone', () => {
    expect(csvCell(' =1+1')).toBe(`' =1+1`);
    expect(csvCell('\u3000=HYPERLINK("x")')).toBe(`"'\u3000=HYPERLINK(""x"")"`);
    expect(csvCell('\n=cmd')).toBe(`"'\n=cmd"`);
    expect(csvCell('＝1+1')).toBe(`'＝1+1`);
    expect(csvCell('＋1')).toBe(`'＋1`);
    expect(csvCell('－1')).toBe(`'－1`);
    expect(csvCell('＠SUM(1)')).toBe(`'＠SUM(1)`);
    expect(csvCell("=cmd|' /C calc'!A0")).toBe(`'=cmd|' /C calc'!A0`);
    expect(csvCell('-0')).toBe('-0');
    expect(csvCell('+1')).toBe(`'+1`);
    expect(csvCell('1e5')).toBe('1e5');
    expect(csvCell('0x1')).toBe('0x1');
    expect(csvCell('-1\n=cmd')).toBe(`"'-1\n=cmd"`);
  });

  it('writes a document in pieces (a streamed export) exactly as in one go, with the same rule in header and cells', () => {
    const header = ['이름', '=cmd', '금액(원)'];
    const rows = [
      ['김민수', '@SUM(1)', -5000],
      ['a,b', '+82 10', '12'],
    ];
    expect(csvHead(header) + rows.map(csvLine).join('')).toBe(csvDocument(header, rows));
    expect(csvDocument(header, rows)).toBe(`\uFEFF이름,'=cmd,금액(원)\r\n김민수,'@SUM(1),-5000\r\n"a,b",'+82 10,12\r\n`);
    // What the reader gets back: the escaped text, never a formula.
    expect(parseCsv(csvDocument(header, rows))[1]).toEqual(['김민수', "'@SUM(1)", '-5000']);
    expect(csvHead([])).toBe('\uFEFF\r\n');
  });

  it('parses quoted fields, doubled quotes, CRLF and a BOM, with the line each record starts on', () => {
    expect(parseCsv('\uFEFFname,note\r\n"한, 가람","say ""hi""\nagain"\r\n\r\nbob,\n')).toEqual([
      ['name', 'note'],
      ['한, 가람', 'say "hi"\nagain'],
      ['bob', ''],
    ]);
    const parsed = parseCsvRecords('a,b\n"x\ny",1\n\nz,2\n');
    expect(parsed.records.map((r) => r.line)).toEqual([1, 2, 5]);
    expect(parsed.unclosedQuoteLine).toBeNull();
  });

  it('reports an unclosed quote with its line instead of swallowing the rest', () => {
    const parsed = parseCsvRecords('name,email\nok,a@example.com\n"broken,b@example.com\nlast,c@example.com\n');
    expect(parsed.unclosedQuoteLine).toBe(3);
    expect(parsed.records.map((r) => r.fields[0])).toEqual(['name', 'ok']);
  });

  it('decodes UTF-8 with or without BOM and CP949 (Excel on Korean Windows)', () => {
    const cp949 = Buffer.from('c0ccb8a72cbacebcad0d0ac8abb1e6b5bf2cbfb5bef70d0a8c63b9e6b0a2c7cf2c22b0a12c20c5d7bdbac6ae220d0a', 'hex');
    const d = decodeCsvBytes(cp949);
    expect(d.encoding).toBe('cp949');
    expect(parseCsv(d.text)).toEqual([
      ['이름', '부서'],
      ['홍길동', '영업'],
      ['똠방각하', '가, 테스트'],
    ]);
    expect(decodeCsvBytes(Buffer.from('\uFEFF이름\r\n', 'utf8'))).toEqual({ text: '이름\r\n', encoding: 'utf-8' });
    expect(decodeCsvBytes(Buffer.from('이름\r\n', 'utf8'))).toEqual({ text: '이름\r\n', encoding: 'utf-8' });
    // A UTF-8 BOM before CP949 text is dropped; bytes neither encoding reads are refused, not turned into U+FFFD.
    const mixed = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), cp949]);
    expect(decodeCsvBytes(mixed).encoding).toBe('cp949');
    expect(parseCsv(decodeCsvBytes(mixed).text)[0]).toEqual(['이름', '부서']);
    expect(() => decodeCsvBytes(Buffer.from('name\ncaf\xe9\n', 'latin1'))).toThrow(CsvEncodingError);
    expect(() => decodeCsvBytes(Buffer.from([0xff, 0xfe, 0x6e, 0x00]))).toThrow(CsvEncodingError);
    // Valid as both (ASCII): read as UTF-8. NUL bytes are text like any other here (the database refuses them).
    expect(decodeCsvBytes(Buffer.from('a,b\n1,\u0000\n'))).toEqual({ text: 'a,b\n1,\u0000\n', encoding: 'utf-8' });
  });
});
