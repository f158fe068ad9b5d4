/** One file's validation: the document exactly as stored is checked, and the reader's repairs listed apart. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { CardError, normalizeCard, readCard, validateCard } from '../../../shared/card/index.ts';
import type { CardContainer, CardSpec, CardWarning, Problem } from '../../../shared/card/index.ts';

/** Same cap as batch conversion: a gigabyte file is refused before it is read into memory. */
const MAX_FILE_BYTES = 512 * 1024 * 1024;

export interface FileValidation {
  file: string;
  container?: CardContainer;
  spec?: CardSpec;
  /** The spec's MUSTs broken by the stored document. */
  errors: Problem[];
  /** SHOULDs and suspicious values. */
  warnings: Problem[];
  /** Container oddities (bad CRCs, duplicate chunks) and the quirks a lenient reader repairs. */
  readerWarnings: CardWarning[];
  /** Why the file could not be read as a card at all. */
  unreadable?: { code: string; message: string };
}

export async function validateFile(file: string): Promise<FileValidation> {
  const result: FileValidation = { file, errors: [], warnings: [], readerWarnings: [] };
  try {
    const { size } = await fs.stat(file);
    if (size > MAX_FILE_BYTES)
      throw new CardError('too_large', `the file is ${size} bytes; the limit is ${MAX_FILE_BYTES}`);
    const read = readCard(new Uint8Array(await fs.readFile(file)), path.basename(file), { normalize: false });
    const repaired = normalizeCard(read.doc, read.spec);
    const checked = validateCard(read.doc);
    Object.assign(result, {
      container: read.container,
      spec: read.spec,
      errors: checked.errors,
      warnings: checked.warnings,
      readerWarnings: [...read.warnings, ...repaired.warnings],
    });
  } catch (e) {
    const code = e instanceof CardError ? e.code : ((e as NodeJS.ErrnoException).code ?? 'error');
    result.unreadable = { code, message: (e as Error).message };
  }
  return result;
}
