/** The first schema: the library's tables, FTS and indexes. */
export const version = 1;

/** The closing columns every revisioned item table shares (cards, lorebooks, scripts, chats). */
const REVISIONED = `  revision INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  deleted_at INTEGER
);`;

export const sql = `
CREATE TABLE cards (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  creator TEXT NOT NULL DEFAULT '',
  character_version TEXT NOT NULL DEFAULT '',
  spec TEXT NOT NULL DEFAULT '',
  document TEXT NOT NULL,
  format TEXT NOT NULL CHECK (format IN ('json', 'yaml')),
  image BLOB,
  source_name TEXT,
  content_hash TEXT NOT NULL,
${REVISIONED}
CREATE INDEX cards_name ON cards (name COLLATE NOCASE);
CREATE INDEX cards_updated ON cards (updated_at);
CREATE INDEX cards_hash ON cards (content_hash);

CREATE TABLE lorebooks (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  document TEXT NOT NULL,
  format TEXT NOT NULL CHECK (format IN ('json', 'yaml')),
  source_name TEXT,
  content_hash TEXT NOT NULL,
${REVISIONED}

CREATE TABLE scripts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  document TEXT NOT NULL,
  source_name TEXT,
  content_hash TEXT NOT NULL,
${REVISIONED}

CREATE TABLE chats (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  card_id INTEGER REFERENCES cards (id) ON DELETE SET NULL,
  document TEXT NOT NULL,
  format TEXT NOT NULL CHECK (format IN ('json', 'yaml', 'jsonl')),
${REVISIONED}

CREATE TABLE tags (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE
);
CREATE TABLE card_tags (
  card_id INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  tag_id INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (card_id, tag_id)
) WITHOUT ROWID;
CREATE INDEX card_tags_tag ON card_tags (tag_id);

CREATE TABLE card_lorebooks (
  card_id INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  lorebook_id INTEGER NOT NULL REFERENCES lorebooks (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('primary', 'extra')),
  PRIMARY KEY (card_id, lorebook_id)
) WITHOUT ROWID;
CREATE UNIQUE INDEX card_lorebooks_one_primary ON card_lorebooks (card_id) WHERE role = 'primary';

CREATE TABLE revisions (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('card', 'lorebook', 'script', 'chat')),
  item_id INTEGER NOT NULL,
  revision INTEGER NOT NULL,
  name TEXT NOT NULL,
  document TEXT NOT NULL,
  image BLOB,
  created_at INTEGER NOT NULL,
  UNIQUE (kind, item_id, revision)
);

-- Trigram tokens find substrings in any script (CJK names have no spaces to split on).
CREATE VIRTUAL TABLE card_search USING fts5 (name, creator, tags, description, notes, tokenize = 'trigram');
CREATE VIRTUAL TABLE lorebook_search USING fts5 (name, keys, content, tokenize = 'trigram');
`;
