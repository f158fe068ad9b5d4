/**
 * The card list at 100k cards: each natural sort key (shared/util/natural-key.ts) is stored beside its column, so a
 * sort compares plain text instead of calling into JavaScript for every card, and one index per sort over live
 * cards, in the exact order the list asks for (key, then id), lets a page be read straight off an index (the trash
 * has one too, for the tag counts). The store writes the keys with every card (card-store.ts); if naturalKey ever
 * changes, a migration must refill them.
 */
export const version = 4;

export const sql = `
ALTER TABLE cards ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
ALTER TABLE cards ADD COLUMN creator_key TEXT NOT NULL DEFAULT '';
ALTER TABLE cards ADD COLUMN version_key TEXT NOT NULL DEFAULT '';
UPDATE cards SET name_key = natural_key(name), creator_key = natural_key(creator), version_key = natural_key(character_version);
CREATE INDEX cards_live_by_name ON cards (name_key, id) WHERE deleted_at IS NULL;
CREATE INDEX cards_live_by_creator ON cards (creator_key, id) WHERE deleted_at IS NULL;
CREATE INDEX cards_live_by_version ON cards (version_key, id) WHERE deleted_at IS NULL;
CREATE INDEX cards_live_by_updated ON cards (updated_at, id) WHERE deleted_at IS NULL;
CREATE INDEX cards_live_by_created ON cards (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX cards_trashed ON cards (id) WHERE deleted_at IS NOT NULL;
`;
