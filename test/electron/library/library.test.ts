import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openLibrary } from '../../../electron/services/library/library.ts';
import { latestVersion } from '../../../electron/services/library/migrations/index.ts';
import { ApiError } from '../../../shared/errors.ts';
import { useTempDir, v2Card } from '../../helpers/temp-dir.ts';
import { mulberry32 } from '../../../shared/util/mulberry32.ts';

const tempDir = useTempDir();

function freshLibrary() {
  const file = path.join(tempDir(), 'library.db');
  return openLibrary(file);
}

function expectApiError(fn: () => unknown, code: string, pattern?: RegExp): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).code).toBe(code);
    if (pattern) expect((e as ApiError).message).toMatch(pattern);
    return;
  }
  throw new Error(`expected ApiError ${code}`);
}

describe('library database', () => {
  it('migrates an empty file to the latest schema with WAL and foreign keys on', () => {
    const lib = freshLibrary();
    expect(lib.db.pragma('user_version', { simple: true })).toBe(latestVersion);
    expect(lib.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(lib.db.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = (
      lib.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
    ).map((r) => r.name);
    for (const t of [
      'cards',
      'lorebooks',
      'scripts',
      'chats',
      'tags',
      'card_tags',
      'card_lorebooks',
      'revisions',
      'card_search',
      'lorebook_search',
    ])
      expect(tables).toContain(t);
    lib.close();
  });

  it('reopens an existing library without re-running migrations', () => {
    const file = path.join(tempDir(), 'library.db');
    const a = openLibrary(file);
    a.cards.create({ name: 'Kept' });
    a.close();
    const b = openLibrary(file);
    expect(b.cards.list({}).items.map((c) => c.name)).toEqual(['Kept']);
    b.close();
  });

  it('refuses a file that is not SQLite and leaves it byte-identical', () => {
    const file = path.join(tempDir(), 'notes.db');
    const bytes = Buffer.from('This is my novel, not a database. '.repeat(200));
    fs.writeFileSync(file, bytes);
    expectApiError(() => openLibrary(file), 'db_not_sqlite', /not an SQLite database/);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  it('refuses a library from a newer schema and never downgrades it', () => {
    const file = path.join(tempDir(), 'future.db');
    const raw = new Database(file);
    raw.pragma(`user_version = ${latestVersion + 5}`);
    raw.exec('CREATE TABLE future_thing (x)');
    raw.close();
    const before = fs.readFileSync(file);
    expectApiError(() => openLibrary(file), 'db_too_new', new RegExp(`schema ${latestVersion + 5}`));
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(latestVersion + 5);
    check.close();
  });

  it('refuses a read-only folder with a clear error', () => {
    const dir = tempDir();
    fs.chmodSync(dir, 0o555);
    expectApiError(() => openLibrary(path.join(dir, 'library.db')), 'db_read_only', /read-only/);
  });

  it('refuses a read-only library file, even as root, before touching it', () => {
    const dir = tempDir();
    const file = path.join(dir, 'library.db');
    openLibrary(file).close();
    const before = fs.readFileSync(file);
    fs.chmodSync(file, 0o444);
    // root ignores permission bits, so the check also looks at the mode the user set.
    expectApiError(() => openLibrary(file), 'db_read_only', /read-only/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('names a missing folder', () => {
    expectApiError(() => openLibrary(path.join(tempDir(), 'nope', 'library.db')), 'db_read_only', /does not exist/);
  });
});

describe('cards', () => {
  it('creates, reads, renames (keeping unknown fields) and lists', () => {
    const lib = freshLibrary();
    const doc = JSON.stringify(
      {
        spec: 'chara_card_v2',
        spec_version: '2.0',
        data: { name: 'Aria', creator: 'kai', tags: ['Elf'], extensions: { foo: { bar: 1 } }, mystery_field: '🐉' },
        top_secret: true,
      },
      null,
      4,
    );
    const created = lib.cards.create({ document: doc });
    expect(created).toMatchObject({ name: 'Aria', creator: 'kai', tags: ['Elf'], revision: 1, spec: 'chara_card_v2' });
    expect(lib.cards.get(created.id).document).toBe(doc);
    const renamed = lib.cards.update({ id: created.id, name: 'Aria the Bold' });
    const parsed = JSON.parse(renamed.document) as { data: Record<string, unknown>; top_secret: boolean };
    expect(parsed.data['name']).toBe('Aria the Bold');
    expect(parsed.data['mystery_field']).toBe('🐉');
    expect(parsed.data['extensions']).toEqual({ foo: { bar: 1 } });
    expect(parsed.top_secret).toBe(true);
    expect(renamed.document.split('\n')[1]).toMatch(/^ {4}"spec"/); // the author's indent is kept
    expect(renamed.revision).toBe(2);
    lib.close();
  });

  it('keeps every previous document as a revision across restarts', () => {
    const file = path.join(tempDir(), 'library.db');
    let lib = openLibrary(file);
    const c = lib.cards.create({ document: v2Card('One') });
    lib.cards.update({ id: c.id, document: v2Card('Two') });
    lib.cards.update({ id: c.id, document: v2Card('Three') });
    lib.close();
    lib = openLibrary(file);
    expect(lib.cards.revisions(c.id).map((r) => [r.revision, r.name])).toEqual([
      [2, 'Two'],
      [1, 'One'],
    ]);
    expect(lib.cards.revision(c.id, 1).document).toBe(v2Card('One'));
    expect(lib.cards.get(c.id)).toMatchObject({ name: 'Three', revision: 3 });
    lib.close();
  });

  it('refuses a stale save and leaves the card as it was', () => {
    const lib = freshLibrary();
    const c = lib.cards.create({ name: 'A' });
    lib.cards.update({ id: c.id, name: 'B', baseRevision: 1 });
    expectApiError(
      () => lib.cards.update({ id: c.id, name: 'C', baseRevision: 1 }),
      'conflict',
      /changed since revision 1/,
    );
    expect(lib.cards.get(c.id).name).toBe('B');
    lib.close();
  });

  it('rejects an invalid document with its line and column and changes nothing', () => {
    const lib = freshLibrary();
    const c = lib.cards.create({ name: 'A' });
    try {
      lib.cards.update({ id: c.id, document: '{\n  "spec": "chara_card_v2",\n  "data": { "name": "B", }\n}' });
      throw new Error('should fail');
    } catch (e) {
      expect((e as ApiError).code).toBe('bad_document');
      expect((e as ApiError).message).toMatch(/line 3, column 26/);
    }
    expect(lib.cards.get(c.id)).toMatchObject({ name: 'A', revision: 1 });
    expect(lib.cards.revisions(c.id)).toEqual([]);
    lib.close();
  });

  it('soft-deletes into the trash and restores', () => {
    const lib = freshLibrary();
    const a = lib.cards.create({ name: 'Alpha' });
    lib.cards.create({ name: 'Beta' });
    lib.cards.setDeleted(a.id, true);
    expect(lib.cards.list({}).items.map((c) => c.name)).toEqual(['Beta']);
    expect(lib.cards.list({ trash: true }).items.map((c) => c.name)).toEqual(['Alpha']);
    expectApiError(() => lib.cards.setDeleted(a.id, true), 'conflict', /already in the trash/);
    expectApiError(() => lib.cards.update({ id: a.id, name: 'X' }), 'conflict', /trash/);
    lib.cards.setDeleted(a.id, false);
    expect(lib.cards.list({}).items.map((c) => c.name)).toEqual(['Alpha', 'Beta']);
    expectApiError(() => lib.cards.get(999), 'not_found');
    lib.close();
  });

  it('deletes trashed cards, lorebooks and scripts for good: one by one or the whole trash', () => {
    const lib = freshLibrary();
    const a = lib.cards.create({ document: v2Card('Alpha', { description: 'ancient oak' }) });
    lib.cards.update({ id: a.id, name: 'Alpha 2' });
    const b = lib.cards.create({ name: 'Beta' });
    const c = lib.cards.create({ name: 'Gamma' });
    const book = lib.lorebooks.create({ name: 'Atlas' });
    lib.links.link(a.id, book.id, 'extra');
    lib.cards.setDeleted(a.id, true);
    lib.cards.setDeleted(b.id, true);
    expect(lib.cards.trashCount()).toBe(2);
    expectApiError(() => lib.cards.purge([c.id]), 'conflict', /Card \d+ is not in the trash/);
    expect(lib.cards.purge([a.id])).toBe(1);
    expectApiError(() => lib.cards.get(a.id), 'not_found');
    expect(lib.cards.list({ query: 'oak' }).total).toBe(0);
    const leftovers = (sql: string, id = a.id) => (lib.db.prepare(sql).get(id) as { n: number }).n;
    expect(leftovers("SELECT count(*) AS n FROM revisions WHERE kind = 'card' AND item_id = ?")).toBe(0);
    expect(leftovers('SELECT count(*) AS n FROM card_search WHERE rowid = ?')).toBe(0);
    expect(leftovers('SELECT count(*) AS n FROM card_lorebooks WHERE card_id = ?')).toBe(0);
    expect(lib.lorebooks.get(book.id).name).toBe('Atlas');
    expect(lib.cards.purge()).toBe(1);
    expect(lib.cards.list({ trash: true }).total).toBe(0);
    expect(lib.cards.list({}).items.map((x) => x.name)).toEqual(['Gamma']);

    lib.lorebooks.setDeleted(book.id, true);
    const script = lib.scripts.create({ name: 'greet', document: 'type: prompt\n---\nHello' });
    lib.scripts.setDeleted(script.id, true);
    expect([lib.lorebooks.purge(), lib.scripts.purge()]).toEqual([1, 1]);
    expect([lib.lorebooks.list({ trash: true }).total, lib.scripts.list({ trash: true }).total]).toEqual([0, 0]);
    expect(leftovers('SELECT count(*) AS n FROM lorebook_search WHERE rowid = ?', book.id)).toBe(0);
    lib.close();
  });

  it('searches names, creators, tags, descriptions and notes, including short CJK words', () => {
    const lib = freshLibrary();
    lib.cards.create({
      document: v2Card('Seraphina', {
        description: 'A guardian of the Eldoria forest',
        creator: 'ST team',
        tags: ['Fantasy'],
      }),
    });
    lib.cards.create({ document: v2Card('小明', { description: '一个普通的学生', tags: ['校园'] }) });
    lib.cards.create({ document: v2Card('Detective Holt', { creator_notes: 'noir mystery in Chicago' }) });
    const names = (query: string): string[] => lib.cards.list({ query }).items.map((c) => c.name);
    expect(names('eldoria')).toEqual(['Seraphina']);
    expect(names('guardian forest')).toEqual(['Seraphina']);
    expect(names('ST team')).toEqual(['Seraphina']);
    expect(names('小明')).toEqual(['小明']);
    expect(names('学生')).toEqual(['小明']);
    expect(names('chicago')).toEqual(['Detective Holt']);
    expect(names('fantasy')).toEqual(['Seraphina']);
    expect(names('nothing-like-this')).toEqual([]);
    expect(names('"quote')).toEqual([]); // FTS syntax in user text is data, not an error
    lib.close();
  });

  it('a search repeated while the library changes, here or in another process, sees every change', () => {
    const file = path.join(tempDir(), 'shared.db');
    const app = openLibrary(file);
    const cli = openLibrary(file);
    const names = (query: string, tags: string[] = []): string[] =>
      app.cards.list({ query, tags }).items.map((c) => c.name);
    app.cards.create({ document: v2Card('Ember', { description: 'a lighthouse keeper', tags: ['Sea'] }) });
    expect(names('lighthouse')).toEqual(['Ember']);
    expect(names('lighthouse')).toEqual(['Ember']); // asked again, as each page of a scrolled list is
    cli.cards.create({ document: v2Card('Brine', { description: 'lighthouse ghost', tags: ['Sea'] }) });
    expect(names('lighthouse')).toEqual(['Brine', 'Ember']);
    const ember = app.cards.list({ query: 'ember' }).items[0]!;
    expect(names('lighthouse')).toEqual(['Brine', 'Ember']);
    app.cards.update({ id: ember.id, document: v2Card('Ember', { description: 'a harbor pilot', tags: ['Sea'] }) });
    expect(names('lighthouse')).toEqual(['Brine']);
    expect(app.cards.list({ query: 'lighthouse', tags: ['sea'] }).total).toBe(1);
    cli.cards.setDeleted(app.cards.list({ query: 'brine' }).items[0]!.id, true);
    expect(app.cards.list({ query: 'lighthouse' }).total).toBe(0);
    expect(app.cards.list({ query: 'lighthouse', trash: true }).total).toBe(1);
    expect(app.cards.list({ tags: ['sea'] }).total).toBe(1);
    app.close();
    cli.close();
  });

  it('finds one- and two-character words anywhere in the text, in any script, and keeps the index in step', () => {
    const lib = freshLibrary();
    const ming = lib.cards.create({
      document: v2Card('李小明', { description: '他是一个普通的学生。', tags: ['校园'], creator: 'Q.' }),
    });
    const holt = lib.cards.create({ document: v2Card('Detective Holt', { creator_notes: 'noir, 1947 Chicago' }) });
    lib.cards.create({ document: v2Card('Nyx', { description: 'moonlit' }) });
    const names = (query: string, input: Record<string, unknown> = {}): string[] =>
      lib.cards.list({ query, ...input }).items.map((c) => c.name);
    // At the start, in the middle and at the very end of a field; one character or two; CJK, Latin and punctuation.
    const cases: [query: string, found: string[]][] = [
      ['李', ['李小明']],
      ['小明', ['李小明']],
      ['学生', ['李小明']],
      ['生。', ['李小明']],
      ['校园', ['李小明']],
      ['Q.', ['李小明']],
      ['47', ['Detective Holt']],
      ['o', ['Detective Holt', 'Nyx']],
      ['HO', ['Detective Holt']], // case folded
      ['明学', []], // not adjacent in any field
      ['t H', ['Detective Holt']], // two short words: both must be there
      ['小明 student', []],
      ['小明 普通的', ['李小明']], // a short and a long word together
      ['%', []],
    ];
    for (const [query, found] of cases) expect(names(query), query).toEqual(found);
    // Edits, renames and deletion keep the index in step.
    lib.cards.update({ id: ming.id, name: '王小红' });
    expect(names('小明')).toEqual([]);
    expect(names('小红')).toEqual(['王小红']);
    lib.cards.setDeleted(holt.id, true);
    expect(names('47')).toEqual([]);
    expect(names('47', { trash: true })).toEqual(['Detective Holt']);
    lib.cards.purge([holt.id]);
    expect(names('47', { trash: true })).toEqual([]);
    expect(
      (lib.db.prepare('SELECT count(*) AS n FROM card_grams WHERE rowid = ?').get(holt.id) as { n: number }).n,
    ).toBe(0);
    lib.close();
  });

  /**
   * Seeded random cards for the search property tests: words sharing pieces (so a search word sits inside several),
   * accents, CJK runs, digits and punctuation inside and between words, a few tags. Returns a check that every query
   * (alone and with a tag) finds exactly the cards a plain case-folded substring test finds.
   */
  function seededSearchCards(lib: ReturnType<typeof freshLibrary>): () => void {
    const next = mulberry32(16);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const pieces = ['light', 'house', 'keeper', 'ight', 'café', 'Über', '小明', '学生', '4242', "o'", '-', '.', 'ß'];
    const text = (n: number): string =>
      Array.from({ length: n }, () =>
        Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(pieces)).join(''),
      ).join(pick([' ', ' ', ', ', '\n']));
    const tagNames = ['Elf', 'Noir', 'Space'];
    const cards = Array.from({ length: 60 }, (_, i) => ({
      name: `C${i} ${text(2)}`,
      description: text(8),
      creator_notes: text(3),
      tags: [text(1), pick(tagNames)],
      creator: text(1),
    }));
    const ids = lib.cards.batch(() =>
      cards.map(({ name, ...data }) => lib.cards.insert({ document: v2Card(name, data) }).id),
    );
    // The reference: a plain case-folded substring test on the same fields, and the tags compared case-folded.
    const holds = (i: number, word: string): boolean => {
      const c = cards[i]!;
      return [c.name, c.creator, c.tags.join(' '), c.description, c.creator_notes].some((t) =>
        t.toLowerCase().includes(word.toLowerCase()),
      );
    };
    const tagged = (i: number, tag: string): boolean => cards[i]!.tags.some((t) => t.toLowerCase() === tag);
    const queries = [
      'lighthouse',
      'ighth',
      'HOUSEKEEPER',
      'café',
      'über',
      "o'light",
      'keeper-',
      '4242',
      'eeper.',
      'sekee',
      'lightlight',
      'houseß',
      '小明学生',
      'ouse 学生',
      'ight keeper',
      'zzzz',
    ];
    return () => {
      for (const query of queries)
        for (const tags of [[], ['noir'], ['ELF', 'space']]) {
          const words = query.split(' ');
          const lower = tags.map((t) => t.toLowerCase());
          const expected = ids.filter((_, i) => words.every((w) => holds(i, w)) && lower.every((t) => tagged(i, t)));
          expect(
            lib.cards.ids({ query, tags }).sort((a, b) => a - b),
            `${query} ${tags.join('+')}`,
          ).toEqual(expected);
        }
    };
  }

  it('finds exactly the cards whose text holds every search word and that have the tags, whichever index answers (seeded random texts)', () => {
    const lib = freshLibrary();
    seededSearchCards(lib)();
    lib.close();
  });

  it('finds the same cards while the word index of older cards is written in the background and after (migration 0007)', () => {
    const lib = freshLibrary();
    const check = seededSearchCards(lib);
    // As a library from before schema 7 opens: no card's row in the word index written yet, the fill to do.
    lib.db.exec("INSERT INTO card_words (card_words) VALUES ('delete-all'); INSERT INTO word_index_fill VALUES (0)");
    const pending = () => lib.db.prepare('SELECT count(*) FROM word_index_fill').pluck().get();
    let steps = 0;
    do {
      check();
      steps++;
    } while (lib.wordIndex.step(0));
    expect(steps).toBeGreaterThan(2);
    expect(pending()).toBe(0);
    check();
    lib.close();
  });

  it('lists every card for a filter every card passes, and filters again when one card in a thousand fails it', () => {
    const lib = freshLibrary();
    // More cards than the first thousand that must all match before the matches are counted (search-matches.ts).
    lib.cards.batch(() => {
      for (let i = 0; i < 1_010; i++)
        lib.cards.insert({
          document: v2Card(`Card ${i}`, { description: i === 1_005 ? 'plain' : 'the zq', tags: ['All'] }),
        });
    });
    for (const id of [3, 500, 1_008]) lib.cards.setDeleted(id, true);
    const view = (input: Parameters<typeof lib.cards.list>[0]) => {
      const { items, total } = lib.cards.list({ limit: 5, sort: 'created', order: 'asc', ...input });
      return { ids: items.map((c) => c.id), total };
    };
    for (const filter of [{ query: 'a' }, { tags: ['all'] }, { query: 'd', tags: ['ALL'] }]) {
      expect(view(filter), JSON.stringify(filter)).toEqual({ ids: [1, 2, 4, 5, 6], total: 1_007 });
      expect(view({ ...filter, trash: true }).ids).toEqual([3, 500, 1_008]);
      expect(lib.cards.ids(filter)).toHaveLength(1_007);
    }
    // Every card but one (past the first thousand): its id is left out, and so is the card from the total.
    for (const filter of [{ query: 'the' }, { query: 'zq' }, { query: 'zq', tags: ['all'] }]) {
      expect(view({ ...filter, offset: 1_000 }), JSON.stringify(filter)).toEqual({
        ids: [1_003, 1_004, 1_005, 1_007, 1_009],
        total: 1_006,
      });
      expect(view({ ...filter, trash: true }).ids).toEqual([3, 500, 1_008]);
    }
    lib.close();
  });

  it('sorts names naturally: "Gen 7" before "Gen 11", in cards, lorebooks and scripts', () => {
    const lib = freshLibrary();
    for (const name of ['Gen 11', 'Gen 7', 'gen 2']) {
      lib.cards.create({ name });
      lib.lorebooks.create({ name });
    }
    expect(lib.cards.list({ sort: 'name' }).items.map((c) => c.name)).toEqual(['gen 2', 'Gen 7', 'Gen 11']);
    expect(lib.lorebooks.list({}).items.map((b) => b.name)).toEqual(['gen 2', 'Gen 7', 'Gen 11']);
    lib.close();
  });

  it('lists each card with its spec and the file kind it came in', () => {
    const lib = freshLibrary();
    const v1 = { name: 'Old', description: '', personality: '', scenario: '', first_mes: 'Hi', mes_example: '' };
    lib.cards.insert({ document: JSON.stringify(v1), format: 'json', container: 'json' });
    lib.cards.insert({ document: v2Card('Pic'), format: 'json', container: 'png' });
    lib.cards.insert({ document: 'spec: chara_card_v2\nspec_version: "2.0"\ndata:\n  name: Yam\n', format: 'yaml' });
    const formats = lib.cards.list({ sort: 'name' }).items.map((c) => [c.name, c.spec, c.container]);
    expect(formats).toEqual([
      ['Old', 'chara_card_v1', 'json'],
      ['Pic', 'chara_card_v2', 'png'],
      ['Yam', 'chara_card_v2', 'yaml'],
    ]);
    lib.close();
  });

  it('filters by tags case-insensitively (all selected tags), sorts and pages', () => {
    const lib = freshLibrary();
    lib.cards.create({
      document: v2Card('Cleo', { tags: ['Fantasy', 'Elf'], creator: 'zed', character_version: '2' }),
    });
    lib.cards.create({ document: v2Card('anna', { tags: ['fantasy'], creator: 'amy', character_version: '10' }) });
    lib.cards.create({ document: v2Card('Bob', { tags: ['SciFi'], creator: 'max', character_version: '1' }) });
    const names = (input: Parameters<typeof lib.cards.list>[0]): string[] =>
      lib.cards.list(input).items.map((c) => c.name);
    expect(names({ tags: ['FANTASY'] })).toEqual(['anna', 'Cleo']);
    expect(names({ tags: ['fantasy', 'elf'] })).toEqual(['Cleo']);
    expect(names({ sort: 'creator' })).toEqual(['anna', 'Bob', 'Cleo']);
    expect(names({ sort: 'name', order: 'desc' })).toEqual(['Cleo', 'Bob', 'anna']);
    expect(names({ sort: 'character_version' })).toEqual(['Bob', 'Cleo', 'anna']);
    expect(names({ limit: 2, offset: 1 })).toEqual(['Bob', 'Cleo']);
    expect(lib.cards.list({ limit: 1 }).total).toBe(3);
    expect(lib.cards.ids({ tags: ['fantasy'], sort: 'name', order: 'desc' })).toEqual([1, 2]);
    expect(lib.cards.tags()).toEqual([
      { name: 'Elf', count: 1 },
      { name: 'Fantasy', count: 2 },
      { name: 'SciFi', count: 1 },
    ]);
    // Trashed cards leave the counts (a tag only they carry leaves the list) and the sorted, filtered live list.
    lib.cards.setDeleted(1, true);
    lib.cards.setDeleted(3, true);
    expect(lib.cards.tags()).toEqual([{ name: 'Fantasy', count: 1 }]);
    expect(names({ tags: ['fantasy'], sort: 'creator' })).toEqual(['anna']);
    expect(names({ trash: true, tags: ['fantasy'] })).toEqual(['Cleo']);
    expect(names({ trash: true, sort: 'name', order: 'desc' })).toEqual(['Cleo', 'Bob']);
    lib.close();
  });

  it('lets readers on another connection read while a write transaction is open, and counts only what was committed', () => {
    const file = path.join(tempDir(), 'library.db');
    const writer = openLibrary(file);
    writer.cards.create({ name: 'Before' });
    const reader = openLibrary(file);
    expect(reader.cards.tags()).toEqual([]);
    writer.db.exec('BEGIN IMMEDIATE');
    writer.cards.insert({ document: v2Card('During', { tags: ['Elf'] }) });
    // WAL: the reader is not blocked and sees the last committed state.
    expect(reader.cards.list({}).items.map((c) => c.name)).toEqual(['Before']);
    expect(reader.cards.tags()).toEqual([]);
    // Counted inside the open transaction, the writer sees its own tag; a rollback must not leave that count behind.
    expect(writer.cards.tags()).toEqual([{ name: 'Elf', count: 1 }]);
    writer.db.exec('ROLLBACK');
    expect(writer.cards.tags()).toEqual([]);
    writer.cards.insert({ document: v2Card('During', { tags: ['Elf'] }) });
    // The reader's kept counts (and total) follow the other connection's commit.
    expect(reader.cards.list({}).items.map((c) => c.name)).toEqual(['Before', 'During']);
    expect(reader.cards.tags()).toEqual([{ name: 'Elf', count: 1 }]);
    writer.close();
    reader.close();
  });

  it('applies bulk tag and trash actions atomically, with a revision per changed card', () => {
    const lib = freshLibrary();
    const a = lib.cards.create({ document: v2Card('A', { tags: ['Elf', 'Mage'] }) });
    const b = lib.cards.create({ document: v2Card('B', { tags: ['elf'] }) });
    expect(lib.cards.bulk([a.id, b.id], 'addTags', ['ELF', 'Hero'])).toEqual({ updated: 2, v1: 0 });
    expect(JSON.parse(lib.cards.get(a.id).document).data.tags).toEqual(['Elf', 'Mage', 'Hero']);
    expect(JSON.parse(lib.cards.get(b.id).document).data.tags).toEqual(['elf', 'Hero']);
    expect(lib.cards.bulk([a.id, b.id], 'removeTags', ['hero', 'mage'])).toEqual({ updated: 2, v1: 0 });
    expect(lib.cards.get(a.id).tags).toEqual(['Elf']);
    expect(lib.cards.revisions(a.id)).toHaveLength(2);
    expect(lib.cards.bulk([a.id, b.id, a.id], 'delete')).toEqual({ updated: 2, v1: 0 });
    expect(lib.cards.list({}).total).toBe(0);
    expectApiError(() => lib.cards.bulk([a.id, 999], 'restore'), 'not_found');
    expect(lib.cards.list({ trash: true }).total).toBe(2); // the failed batch restored nothing
    lib.close();
  });

  it('leaves V1 cards out of bulk tag actions instead of writing a non-standard top-level tags field', () => {
    const lib = freshLibrary();
    const v1Text = JSON.stringify({
      name: 'Old',
      description: 'a V1 card',
      personality: '',
      scenario: '',
      first_mes: '',
      mes_example: '',
    });
    const old = lib.cards.create({ document: v1Text });
    const v2 = lib.cards.create({ document: v2Card('New') });
    expect(lib.cards.bulk([old.id, v2.id], 'addTags', ['Hero'])).toEqual({ updated: 1, v1: 1 });
    expect(lib.cards.get(old.id).document).toBe(v1Text);
    expect(lib.cards.get(v2.id).tags).toEqual(['Hero']);
    lib.close();
  });

  it('renames a tag everywhere, case-insensitively, and drops the old spelling from the tag list', () => {
    const lib = freshLibrary();
    lib.cards.create({ document: v2Card('A', { tags: ['scifi', 'Noir'] }) });
    lib.cards.create({ document: v2Card('B', { tags: ['SciFi'] }) });
    expect(lib.cards.renameTag('SCIFI', 'Science fiction')).toEqual({ updated: 2 });
    expect(lib.cards.tags().map((t) => t.name)).toEqual(['Noir', 'Science fiction']);
    expect(JSON.parse(lib.cards.get(1).document).data.tags).toEqual(['Science fiction', 'Noir']);
    lib.cards.renameTag('noir', 'NOIR');
    expect(lib.cards.tags().map((t) => t.name)).toEqual(['NOIR', 'Science fiction']);
  });
});
