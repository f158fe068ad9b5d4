/** Shapes the library methods exchange. Documents travel as text, exactly as stored. */
export type DocumentFormat = 'json' | 'yaml';

export interface CardSummary {
  id: number;
  name: string;
  creator: string;
  characterVersion: string;
  spec: string;
  tags: string[];
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
  revision: number;
  hasImage: boolean;
}

/** The file kind a card came in; export writes the same kind unless asked otherwise. */
export type CardContainerKind = 'png' | 'json' | 'yaml' | 'charx' | 'webp' | 'jpeg';

export interface CardRecord extends CardSummary {
  document: string;
  format: DocumentFormat;
  container: CardContainerKind;
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
  /** 'skipped': left out by the CLI's folder walk or read (a broken link, a FIFO, too large…), with the reason. */
  status: 'imported' | 'duplicate' | 'failed' | 'skipped';
  id?: number;
  message?: string;
}

export interface ImportProgress {
  done: number;
  total: number;
  file: string;
}
