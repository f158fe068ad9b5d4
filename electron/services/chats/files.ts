/** Reading the CLI's inputs from disk: a card in any container, lorebooks in any format, a chat in any format. */
import fs from 'node:fs';
import path from 'node:path';
import { readCard } from '../../../shared/card/index.ts';
import { importChat } from '../../../shared/chat/formats/index.ts';
import type { NamedBook } from '../../../shared/chat/turn.ts';
import type { ChatConversion, Transcript } from '../../../shared/chat/types.ts';
import { importBook } from '../../../shared/lorebook/formats/convert.ts';
import { parseDocument } from '../../../shared/library/parse-document.ts';

/** PNG, JSON, YAML, CharX, WebP, JPEG: the container is sniffed from the bytes. */
export function readCardFile(file: string): unknown {
  return readCard(new Uint8Array(fs.readFileSync(file)), path.basename(file)).doc;
}

/** Any supported lorebook (SillyTavern, V2/V3 character_book or card, NovelAI, Agnai, Risu), named after its file. */
export function readBookFile(file: string): NamedBook {
  const doc = parseDocument(fs.readFileSync(file, 'utf8'), undefined, path.basename(file));
  return { name: path.basename(file).replace(/\.[^.]+$/, ''), book: importBook(doc, { detail: 'summary' }).book };
}

/** A transcript in Lorewright JSON, GLM JSON/YAML or SillyTavern JSONL. */
export function readChatFile(file: string): ChatConversion<Transcript> {
  return importChat(fs.readFileSync(file, 'utf8'));
}

export interface TurnFiles {
  card: unknown;
  books: NamedBook[];
  /** The chat file's transcript (with what its import could not carry), or null when none was given. */
  chat: ChatConversion<Transcript> | null;
}

/** Paths are relative to `cwd`; a missing file names itself in the error. */
export function readTurnFiles(
  cwd: string,
  card: string,
  books: readonly string[],
  chat: string | undefined,
): TurnFiles {
  const at = (p: string) => {
    const abs = path.resolve(cwd, p);
    if (!fs.existsSync(abs)) throw new Error(`No such file: ${p}`);
    return abs;
  };
  return {
    card: readCardFile(at(card)),
    books: books.map((b) => readBookFile(at(b))),
    chat: chat === undefined ? null : readChatFile(at(chat)),
  };
}
