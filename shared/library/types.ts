/** Shapes the library methods exchange. Documents travel as text, exactly as stored. */
export type DocumentFormat = 'json' | 'yaml';

/** What every library item (card, lorebook, script) has: its id and name, revision, times and trash mark. */
export interface LibraryItem {
  id: number;
  name: string;
  revision: number;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
}

export interface CardSummary extends LibraryItem {
  creator: string;
  characterVersion: string;
  spec: string;
  /** The file kind the card came in, so the list can tell a V2 PNG from a V2 JSON. */
  container: CardContainerKind;
  tags: string[];
  hasImage: boolean;
}

/** The file kind a card came in; export writes the same kind unless asked otherwise. */
export type CardContainerKind = 'png' | 'json' | 'yaml' | 'charx' | 'webp' | 'jpeg';

export interface CardRecord extends CardSummary {
  document: string;
  format: DocumentFormat;
}

export interface RevisionSummary {
  revision: number;
  createdAt: number;
  name: string;
  size: number;
}

export interface TagCount {
  name: string;
  count: number;
}

export interface ImportFileResult {
  file: string;
  /**
   * `match`: not imported, because a live card with the same name and creator holds a different version; the client
   * asks whether to update that card (a new revision) or add this file as a new card. `updated`: it did the former.
   * `skipped`: left out by the CLI's folder walk or read (a broken link, a FIFO, too large…), with the reason.
   */
  status: 'imported' | 'duplicate' | 'failed' | 'match' | 'updated' | 'skipped';
  id?: number;
  /** The card's name (imported, updated, matched or duplicated). */
  name?: string;
  /** Failed: the reader's error code (e.g. `empty_file`, `unknown_format`), so the client can word it. */
  code?: string;
  message?: string;
}

/** What to do with a file that matches a library card by name and creator but differs from it. */
export type ImportMatchPolicy = 'ask' | 'update' | 'add';

export interface ImportProgress {
  done: number;
  total: number;
  file: string;
}
