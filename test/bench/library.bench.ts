// Library list/search latency at 10,000 cards, against a baseline of the plainest possible page query.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openLibrary } from '../../electron/services/library/library.ts';
import { measure } from './stats.ts';

const CARDS = 10_000;
const WORDS = [
  'forest',
  'guardian',
  'detective',
  'noir',
  'pirate',
  'captain',
  'elf',
  'dragon',
  'academy',
  'witch',
  'knight',
  'space',
];
const TAGS = ['Fantasy', 'SciFi', 'Noir', 'Romance', 'Horror', 'Comedy', 'Elf', 'Dwarf', 'School', 'Adventure'];

function card(i: number): string {
  const w = (k: number): string => WORDS[(i * 7 + k * 3) % WORDS.length]!;
  return JSON.stringify({
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name: `${w(0)} ${i} ${i % 50 === 0 ? '小明' : ''}`.trim(),
      description: `A ${w(1)} ${w(2)} who lives near the ${w(3)}. `.repeat(20),
      creator: `creator${i % 97}`,
      character_version: String(i % 13),
      tags: [TAGS[i % TAGS.length], TAGS[(i * 3) % TAGS.length]],
      creator_notes: `notes for ${w(4)}`,
      extensions: {},
    },
  });
}

export async function run(): Promise<Record<string, string | number>[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lorewright-bench-'));
  const lib = openLibrary(path.join(dir, 'library.db'));
  try {
    const t = performance.now();
    lib.db.transaction(() => {
      for (let i = 0; i < CARDS; i++) lib.cards.insert({ document: card(i) });
    })();
    const insertMs = performance.now() - t;
    const baselineStmt = lib.db.prepare('SELECT id, name FROM cards ORDER BY id LIMIT 100');
    const cases: [string, () => unknown][] = [
      ['baseline: plain SELECT of 100 rows', () => baselineStmt.all()],
      ['list page 1 (100, by name)', () => lib.cards.list({ limit: 100 })],
      ['list page 50 (by updated desc)', () => lib.cards.list({ limit: 100, offset: 4900, sort: 'updated' })],
      ['search "guardian" (FTS)', () => lib.cards.list({ query: 'guardian', limit: 100 })],
      ['search "dragon forest" (FTS, 2 words)', () => lib.cards.list({ query: 'dragon forest', limit: 100 })],
      ['search "小明" (short CJK, LIKE)', () => lib.cards.list({ query: '小明', limit: 100 })],
      ['tag filter Fantasy+Noir', () => lib.cards.list({ tags: ['fantasy', 'noir'], limit: 100 })],
      [
        'search + tag + sort by creator',
        () => lib.cards.list({ query: 'pirate', tags: ['elf'], sort: 'creator', limit: 100 }),
      ],
    ];
    const rows: Record<string, string | number>[] = [
      {
        case: `insert ${CARDS} cards (one transaction)`,
        p50_ms: Number(insertMs.toFixed(1)),
        p95_ms: Number(insertMs.toFixed(1)),
        runs: 1,
      },
    ];
    for (const [name, fn] of cases) {
      const m = measure(fn, 200);
      rows.push({ case: name, p50_ms: m.p50, p95_ms: m.p95, runs: m.runs });
    }
    return rows;
  } finally {
    lib.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
