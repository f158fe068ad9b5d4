/** Turns an imported file's bytes into the card document to store (text exactly as found) and its image. */
import path from 'node:path';
import type { NewCard } from './card-store.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function decodeCardFile(name: string, bytes: Uint8Array): NewCard {
  const ext = path.extname(name).toLowerCase();
  if (ext === '.json' || ext === '.yaml' || ext === '.yml') {
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      throw new Error(`${name}: not UTF-8 text.`);
    }
    return { document: text.replace(/^\uFEFF/, ''), format: ext === '.json' ? 'json' : 'yaml' };
  }
  throw new Error(`${name}: unsupported file type "${ext || '(none)'}"; expected .json, .yaml, .yml.`);
}
