/** Cards remember the container they came in (PNG, CharX, JSON…), so export can write the same kind back. */
export const version = 2;

export const sql = `
ALTER TABLE cards ADD COLUMN container TEXT NOT NULL DEFAULT 'json';
UPDATE cards SET container = format;
`;
