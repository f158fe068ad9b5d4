// Upgrading a library written by every earlier schema version, with data in it: nothing is lost and every store
// reads it back. Each database is built here with that version's own SQL, as that release would have left it.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLibrary, type Library } from '../../../electron/services/library/library.ts';
import { latestVersion, migrations } from '../../../electron/services/library/migrations/index.ts';
import { contentHash } from '../../../electron/services/library/revisioned-store.ts';
import { naturalKey } from '../../../shared/util/natural-key.ts';
import { searchGrams, searchTokens } from '../../../electron/services/library/search-query.ts';
import { buildTurns, DEFAULT_SETUP } from '../../../renderer/src/lorebooks/preview/scenario.ts';
import { useTempDir, v2Card } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();
let library: Library | undefined;
afterEach(() => library?.close());

const card = v2Card('Nyx', { tags: ['Elf'], description: 'moonlit' });
const older = v2Card('Nyx', { description: 'first draft' });
const yamlCard = 'spec: chara_card_v2\nspec_version: "2.0"\ndata:\n  name: Ash\n  tags: []\n';
const book = JSON.stringify({ entries: { '0': { uid: 0, key: ['moon'], content: 'Two moons.' } } });
const script = 'system: hi\n';
/** A saved lore test of one user turn, in the document shape the preview saves. */
const loreTest = (text: string, expectation: unknown): string =>
  JSON.stringify({
    turns: buildTurns('Moons', { entries: {} }, DEFAULT_SETUP, [{ role: 'user', text }]).map(
      ({ books: _books, ...turn }) => turn,
    ),
    expect: [expectation],
  });

/** A library file at schema `version`, holding a card with a revision and a tag, a YAML card, a linked book and a script. */
function libraryAt(version: number): string {
  const file = path.join(tempDir(), `v${version}.db`);
  const db = new Database(file);
  // As openDatabase does: schema 4 fills the stored sort keys with it, schema 5 the short-word search index.
  db.function('natural_key', { deterministic: true }, (v: unknown) => naturalKey(String(v ?? '')));
  db.function('search_grams', { deterministic: true, varargs: true }, (...t: unknown[]) =>
    searchGrams(t.map((x) => String(x ?? ''))),
  );
  db.function('search_word_list', { deterministic: true, varargs: true }, (...t: unknown[]) =>
    JSON.stringify(searchTokens(t.map((x) => String(x ?? ''))).words),
  );
  for (const m of migrations.filter((m) => m.version <= version)) db.exec(m.sql);
  db.pragma(`user_version = ${version}`);
  const insertCard = db.prepare(
    'INSERT INTO cards (id, name, document, format, content_hash, revision, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  insertCard.run(1, 'Nyx', card, 'json', contentHash(card), 2, 1000, 2000);
  insertCard.run(2, 'Ash', yamlCard, 'yaml', contentHash(yamlCard), 1, 1000, 1000);
  db.prepare(
    "INSERT INTO revisions (kind, item_id, revision, name, document, created_at) VALUES ('card', 1, 1, 'Nyx', ?, 1000)",
  ).run(older);
  db.prepare("INSERT INTO tags (id, name) VALUES (1, 'Elf')").run();
  db.prepare('INSERT INTO card_tags (card_id, tag_id) VALUES (1, 1)').run();
  db.prepare(
    "INSERT INTO card_search (rowid, name, creator, tags, description, notes) VALUES (1, 'Nyx', '', 'Elf', 'moonlit', ''), (2, 'Ash', '', '', '', '')",
  ).run();
  db.prepare(
    "INSERT INTO lorebooks (id, name, document, format, content_hash, created_at, updated_at) VALUES (1, 'Moons', ?, 'json', ?, 1000, 1000)",
  ).run(book, contentHash(book));
  db.prepare(
    "INSERT INTO lorebook_search (rowid, name, keys, content) VALUES (1, 'Moons', 'moon', 'Two moons.')",
  ).run();
  db.prepare("INSERT INTO card_lorebooks (card_id, lorebook_id, role) VALUES (1, 1, 'primary')").run();
  db.prepare(
    "INSERT INTO scripts (id, name, document, content_hash, created_at, updated_at, deleted_at) VALUES (1, 'greet', ?, ?, 1000, 1000, 1500)",
  ).run(script, contentHash(script));
  if (version >= 2) db.prepare('UPDATE cards SET container = format').run();
  if (version >= 4)
    db.prepare(
      'UPDATE cards SET name_key = natural_key(name), creator_key = natural_key(creator), version_key = natural_key(character_version)',
    ).run();
  if (version >= 5)
    db.prepare(
      'INSERT INTO card_grams (rowid, grams) SELECT rowid, search_grams(name, creator, tags, description, notes) FROM card_search',
    ).run();
  // Schema 7 writes each card's tag ids into its word-index row too.
  const tagTokens =
    version >= 7
      ? " || coalesce((SELECT ' ' || group_concat('t' || tag_id, ' ') FROM card_tags WHERE card_id = s.rowid), '')"
      : '';
  if (version >= 6)
    db.exec(`INSERT OR IGNORE INTO search_words (word) SELECT j.value FROM card_search s,
        json_each(search_word_list(s.name, s.creator, s.tags, s.description, s.notes)) j;
      INSERT INTO card_words (rowid, words) SELECT s.rowid, (SELECT group_concat('w' || w.id, ' ')
        FROM json_each(search_word_list(s.name, s.creator, s.tags, s.description, s.notes)) j
        JOIN search_words w ON w.word = j.value)${tagTokens} FROM card_search s`);
  if (version >= 3)
    db.prepare(
      "INSERT INTO lore_tests (lorebook_id, name, document, created_at, updated_at) VALUES (1, 'moon fires', ?, 1000, 1000)",
    ).run(loreTest('the moon', { fires: ['Moons.0'] }));
  db.close();
  return file;
}

describe('schema migrations', () => {
  it('knows seven schema versions (a new one needs a case here)', () => {
    expect(migrations.map((m) => m.version)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps every released migration byte for byte as it shipped (databases already ran that SQL)', () => {
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(migrations.map((m) => sha256(m.sql))).toEqual([
      'bfc8f34b1ae85ccd04fe6423f9b0f27169461f48d493e43a87eaafc23b2f5614',
      '75777dc1a9c471f2f3f02f15a000066b90221d75c27035a11d46fb0ee2e5798f',
      'f10164a61121b4a004025fc327686efaf7cd5d82828357215bdee951ab6103a6',
      '583918a62917c95132787669f3dbcc9079b04e39c5b325fa5f871d616785eee9',
      '67c33b9894535e5aec8c247415cc1be82b3383adf57dd30851d2a2282f39db78',
      'a9eb7769f76e043e117678edf3d982efaa8b7418a381a91511c744799fb488f9',
      '07dda848c3bc4d229b67c2dd3cca31a93deb5ec5023f4d231b0c41537debcd91',
    ]);
  });

  for (const version of migrations.map((m) => m.version)) {
    it(`upgrades a library written at schema ${version} to ${latestVersion}, keeping every item, revision, tag, link and search entry`, () => {
      library = openLibrary(libraryAt(version));
      expect(library.facts().schemaVersion).toBe(latestVersion);
      expect(library.cards.get(1)).toMatchObject({
        name: 'Nyx',
        document: card,
        format: 'json',
        container: 'json',
        revision: 2,
        tags: ['Elf'],
      });
      // Schema 2 gave every card the container it came in; before it, the document's own format.
      expect(library.cards.get(2)).toMatchObject({ name: 'Ash', format: 'yaml', container: 'yaml' });
      expect(library.cards.revision(1, 1).document).toBe(older);
      // Schema 6 indexes each card's words, and schema 7 its tags beside them: written for cards from before 7 in
      // the background, and searches find the same cards before and after (a word's inside finds it too).
      const found = (): number[][] =>
        [{ query: 'moonlit' }, { query: 'OONL' }, { query: 'moonless' }, { query: 'moonlit', tags: ['ELF'] }].map(
          (input) => library!.cards.list(input).items.map((c) => c.id),
        );
      const fillRows = () => library!.db.prepare('SELECT count(*) FROM word_index_fill').pluck().get();
      expect(fillRows()).toBe(version < 7 ? 1 : 0);
      expect(found()).toEqual([[1], [1], [], [1]]);
      while (library.wordIndex.step());
      expect(fillRows()).toBe(0);
      expect(found()).toEqual([[1], [1], [], [1]]);
      expect(library.cards.list({ tags: ['elf'] }).total).toBe(1);
      // Schema 5 indexes characters and pairs for one- and two-character words: filled for cards written before it.
      expect(library.cards.list({ query: 'ny' }).items.map((c) => c.id)).toEqual([1]);
      expect(library.cards.list({ query: 'X' }).items.map((c) => c.id)).toEqual([1]);
      expect(library.cards.list({ query: 'sh' }).items.map((c) => c.id)).toEqual([2]);
      // Schema 4 stores the natural sort keys the list orders by: filled for cards written before it.
      expect(library.cards.list({}).items.map((c) => c.name)).toEqual(['Ash', 'Nyx']);
      expect(library.lorebooks.list({ query: 'moon' }).items).toMatchObject([{ id: 1, name: 'Moons', entryCount: 1 }]);
      expect(library.links.list(1)).toMatchObject([{ lorebookId: 1, role: 'primary' }]);
      expect(library.scripts.list({ trash: true }).items).toMatchObject([{ name: 'greet', deletedAt: 1500 }]);
      expect(library.loreTests.list(1)).toHaveLength(version >= 3 ? 1 : 0);
      // And the upgraded file takes new writes with history.
      expect(library.cards.update({ id: 1, name: 'Nyx Prime', baseRevision: 2 })).toMatchObject({
        name: 'Nyx Prime',
        revision: 3,
      });
      expect(library.cards.revisions(1).map((r) => r.revision)).toEqual([2, 1]);
      expect(library.loreTests.save({ lorebookId: 1, name: 'new', document: loreTest('x', {}) })).toMatchObject({
        name: 'new',
      });
    });
  }
});
