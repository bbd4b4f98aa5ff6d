/**
 * THE data map (issue 32): every table of the database with every column classified. Personal columns carry their
 * category, purpose, legal basis and readers; every other column is listed under `other`. data-map.test.ts fails
 * when a migration adds a table or column this map does not classify. Export, erasure, retention, seed owners'
 * requests and the privacy policy (/privacy) are generated from it.
 */
import type { TTableMap } from './data-map.types.ts';

export const DATA_MAP: readonly TTableMap[] = [
  {
    table: 'users',
    label: '회원 계정',
    personal: {
      email: { category: 'contact', purpose: 'account', basis: 'contract', readers: ['self', 'platform_admin'] },
      full_name: { category: 'identity', purpose: 'account', basis: 'contract', readers: ['self', 'seed_admin', 'platform_admin'] },
      phone: { category: 'contact', purpose: 'account', basis: 'consent', readers: ['self', 'platform_admin'] },
      password_hash: { category: 'credential', purpose: 'security', basis: 'contract', readers: ['system'], exportable: false },
    },
    other: [],
    subjects: { user: 'id = $1' },
    retention: { kind: 'account' },
    erase: { kind: 'delete' },
  },
];

/** The map entry of a table (undefined when the table is not mapped). */
export const mapEntry = (table: string): TTableMap | undefined => DATA_MAP.find((t) => t.table === table);
