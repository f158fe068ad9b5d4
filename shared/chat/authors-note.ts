// The Author's Note of a chat lives where SillyTavern keeps it: the chat file's `chat_metadata.note_*` fields
// (kept in the transcript's `foreign.st`), so it is saved with the chat and travels with its SillyTavern export.
import type { AuthorsNoteSettings, Role } from '../prompt/types.ts';
import { isObject } from './formats/foreign.ts';
import type { Transcript } from './types.ts';

const ROLES: Role[] = ['system', 'user', 'assistant'];
// SillyTavern's numbering: 0 after the main prompt / story string, 1 in-chat at a depth, 2 before it.
const POSITIONS: AuthorsNoteSettings['position'][] = ['after-main', 'in-chat', 'before-main'];

/** SillyTavern's defaults for a chat without note settings (docs/prompt-assembly.md#authors-note). */
export const DEFAULT_AUTHORS_NOTE: AuthorsNoteSettings = {
  text: '',
  position: 'in-chat',
  depth: 4,
  interval: 1,
  role: 'system',
};

const int = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : fallback;

/** The chat's Author's Note; missing or malformed fields take SillyTavern's defaults. */
export function transcriptAuthorsNote(t: Pick<Transcript, 'foreign'>): AuthorsNoteSettings {
  const meta = isObject(t.foreign?.st?.chat_metadata) ? t.foreign.st.chat_metadata : {};
  const d = DEFAULT_AUTHORS_NOTE;
  return {
    text: typeof meta.note_prompt === 'string' ? meta.note_prompt : d.text,
    position: POSITIONS[int(meta.note_position, 1)] ?? d.position,
    depth: int(meta.note_depth, d.depth),
    interval: int(meta.note_interval, d.interval),
    role: ROLES[int(meta.note_role, 0)] ?? d.role,
  };
}

/** The transcript with its Author's Note set, in SillyTavern's `chat_metadata` fields. */
export function withAuthorsNote<T extends Transcript>(t: T, note: AuthorsNoteSettings): T {
  const st = t.foreign?.st ?? {};
  const meta = isObject(st.chat_metadata) ? st.chat_metadata : {};
  const chatMetadata = {
    ...meta,
    note_prompt: note.text,
    note_interval: note.interval,
    note_position: POSITIONS.indexOf(note.position),
    note_depth: note.depth,
    note_role: ROLES.indexOf(note.role),
  };
  return { ...t, foreign: { ...t.foreign, st: { ...st, chat_metadata: chatMetadata } } };
}
