// Cases of the admin builder's per-column value rule, run by the server (cleanValues) and by the row form
// (rowSchema) alike: a value one side accepts, the other accepts, and a refusal reads the same on both.
import { koAdminBuilder } from '../messages/ko-admin-builder.ts';
import type { TAdminColumn } from './admin-builder.ts';

const m = koAdminBuilder.server;

type TCaseColumn = Pick<TAdminColumn, 'name' | 'type' | 'kind' | 'nullable' | 'hasDefault' | 'maxLength' | 'enumValues'>;

const col = (name: string, type: string, kind: TAdminColumn['kind'], more: Partial<TCaseColumn> = {}): TCaseColumn => ({
  name,
  type,
  kind,
  nullable: true,
  hasDefault: false,
  maxLength: null,
  enumValues: null,
  ...more,
});

/** The columns of the cases' table (no primary key: every column is written by the form). */
export const valueCaseColumns: TCaseColumn[] = [
  col('title', 'varchar(5)', 'text', { nullable: false, maxLength: 5 }),
  col('memo', 'text', 'text'),
  col('qty', 'integer', 'number', { nullable: false }),
  col('small', 'smallint', 'number'),
  col('price', 'numeric(10,2)', 'number'),
  col('ok', 'boolean', 'boolean'),
  col('day', 'date', 'date'),
  col('at', 'timestamp with time zone', 'datetime'),
  col('meta', 'jsonb', 'json'),
  col('kind', "enum('a','b')", 'text', { enumValues: ['a', 'b'] }),
  col('code', 'varchar(20)', 'text', { nullable: false, hasDefault: true, maxLength: 20 }),
];

/** A field's text (as a form field or a CSV cell gives it), and the expected answer: accepted, or this message. */
export type TValueCase = { column: string; mode: 'create' | 'update'; input: string; refused: string | null };

const ok = (column: string, input: string, mode: 'create' | 'update' = 'create'): TValueCase => ({ column, mode, input, refused: null });
const no = (column: string, input: string, refused: string, mode: 'create' | 'update' = 'create'): TValueCase => ({ column, mode, input, refused });

export const valueCases: TValueCase[] = [
  no('title', '', m.required('title')),
  no('title', 'abcdef', m.tooLong('title', 5)),
  ok('title', 'abc'),
  ok('title', '=cmd'),
  ok('memo', ''),
  ok('qty', ' 12 '),
  ok('qty', '-7'),
  no('qty', '12.5', m.notNumber('qty')),
  no('qty', '12a', m.notNumber('qty')),
  no('qty', '3000000000', m.outOfRange('qty')),
  no('small', '40000', m.outOfRange('small')),
  ok('small', '-32768'),
  ok('price', '-12.50'),
  no('price', '1e5', m.notNumber('price')),
  ok('ok', '예'),
  ok('ok', 'TRUE'),
  ok('ok', '0'),
  no('ok', 'maybe', m.notBoolean('ok')),
  ok('day', '2026-06-01'),
  no('day', '2026/06/01', m.notDate('day')),
  no('day', '2026-13-01', m.notDate('day')),
  ok('at', '2026-06-01T20:00'),
  no('at', 'tomorrow', m.notDate('at')),
  ok('meta', '{"a": [1, 2]}'),
  no('meta', '{"a":', m.notJson('meta')),
  ok('kind', 'a'),
  no('kind', 'c', m.notInList('kind')),
  ok('code', ''),
  no('code', '', m.required('code'), 'update'),
  no('qty', '', m.required('qty'), 'update'),
  ok('memo', '', 'update'),
  ok('qty', '15', 'update'),
];
