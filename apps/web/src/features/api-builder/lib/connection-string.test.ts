import { describe, expect, it } from 'vitest';
import { parseConnectionString } from './connection-string';

describe('parseConnectionString', () => {
  it('reads a PostgreSQL URL with TLS required and an encoded password', () => {
    expect(parseConnectionString('postgres://shop_ro:p%40ss%3Aword@db.example.com:6543/shop?sslmode=require')).toEqual({
      engine: 'postgres',
      host: 'db.example.com',
      port: 6543,
      database: 'shop',
      user: 'shop_ro',
      password: 'p@ss:word',
      tls: true,
    });
  });

  it('reads postgresql:// and mysql:// / mariadb:// with default ports and no TLS', () => {
    expect(parseConnectionString('postgresql://u@h/d')).toMatchObject({ engine: 'postgres', port: 5432, tls: false, password: '' });
    expect(parseConnectionString(' mysql://root:pw@10.0.0.5/erp ')).toMatchObject({ engine: 'mysql', host: '10.0.0.5', port: 3306, database: 'erp' });
    expect(parseConnectionString('mariadb://a:b@[fd00::5]:3307/x?ssl-mode=REQUIRED')).toMatchObject({
      engine: 'mysql',
      host: 'fd00::5',
      port: 3307,
      tls: true,
    });
    expect(parseConnectionString('postgres://u:p@h:5432/d?sslmode=disable')?.tls).toBe(false);
  });

  it('refuses what is not a database URL', () => {
    for (const s of ['', 'db.example.com', 'https://example.com/db', 'postgres://', 'redis://h:6379']) expect(parseConnectionString(s), s).toBeNull();
  });
});
