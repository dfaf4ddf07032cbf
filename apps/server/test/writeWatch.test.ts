import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { countingWrites, type WriteCount } from '../src/db/writeWatch.js';

describe('the SQLite handle that counts writes', () => {
  it('compiles a statement once and counts each write to a watched table, however often it runs', () => {
    const sqlite = new Database(':memory:');
    sqlite.exec('CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE games (id INTEGER PRIMARY KEY)');
    const count: WriteCount = { value: 0 };
    const database = countingWrites(sqlite, [{ tables: ['users', 'sessions'], count }]);
    const insert = 'INSERT INTO users (name) VALUES (?)';
    const first = database.prepare(insert);
    (first as Database.Statement).run('Ann');
    const again = database.prepare(insert);
    (again as Database.Statement).run('Bea');
    expect(again).toBe(first);
    expect(count.value).toBe(2);
    (database.prepare('SELECT name FROM users') as Database.Statement).all();
    (database.prepare('INSERT INTO games DEFAULT VALUES') as Database.Statement).run();
    expect(count.value).toBe(2);
    expect((database.prepare('SELECT name FROM users ORDER BY id') as Database.Statement).all()).toEqual([{ name: 'Ann' }, { name: 'Bea' }]);
    database.close();
  });
});
