import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { firstIdSince } from './database';

/** A table of rows whose times never decrease with the id, with gaps in the ids (deleted or never used). */
function table(rows: [id: number, ts: number][]) {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, ts INTEGER NOT NULL)');
  const insert = db.prepare('INSERT INTO t (id, ts) VALUES (?, ?)');
  for (const [id, ts] of rows) insert.run(id, ts);
  return db;
}

describe('firstIdSince', () => {
  it('finds the first row at or after an instant, over gaps in the ids and runs of equal times', () => {
    const db = table([
      [1, 100],
      [2, 100],
      [5, 200],
      [6, 200],
      [7, 200],
      [40, 300],
      [41, 450],
      [1000, 450],
    ]);
    expect(firstIdSince(db, 't', 'ts', 0)).toBe(1);
    expect(firstIdSince(db, 't', 'ts', 100)).toBe(1);
    expect(firstIdSince(db, 't', 'ts', 101)).toBe(5);
    expect(firstIdSince(db, 't', 'ts', 200)).toBe(5);
    expect(firstIdSince(db, 't', 'ts', 201)).toBe(40);
    expect(firstIdSince(db, 't', 'ts', 449)).toBe(41);
    expect(firstIdSince(db, 't', 'ts', 450)).toBe(41);
    expect(firstIdSince(db, 't', 'ts', 451)).toBeNull();
  });

  it('answers null for an empty table, and agrees with a scan on a long random table', () => {
    expect(firstIdSince(table([]), 't', 'ts', 0)).toBeNull();
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const rows: [number, number][] = [];
    let id = 0;
    let ts = 1_000;
    for (let i = 0; i < 5_000; i++) {
      id += 1 + Math.floor(random() * 3);
      ts += Math.floor(random() * 4);
      rows.push([id, ts]);
    }
    const db = table(rows);
    for (let probe = 900; probe <= ts + 2; probe += 7) {
      const scan = rows.find(([, t]) => t >= probe)?.[0] ?? null;
      expect(firstIdSince(db, 't', 'ts', probe)).toBe(scan);
    }
  });
});
