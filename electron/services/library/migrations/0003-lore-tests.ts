/** Lore tests saved from a lorebook's preview: scenario turns plus expectations; they go when their book goes. */
export const version = 3;

export const sql = `
CREATE TABLE lore_tests (
  id INTEGER PRIMARY KEY,
  lorebook_id INTEGER NOT NULL REFERENCES lorebooks (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  document TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX lore_tests_by_book ON lore_tests (lorebook_id);
`;
