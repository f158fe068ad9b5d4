// Author's Note (docs/prompt-assembly.md#authors-note): on which turns it is inserted, and its text with the World Info AN entries.
import type { AuthorsNoteSettings, LoreResult, PromptChatMessage } from './types.ts';

/** Interval 1 = every turn (even before the first user message); k > 1 = when the user-message count is a multiple of k. */
export function authorsNoteInserted(note: AuthorsNoteSettings, chat: PromptChatMessage[]): boolean {
  const k = note.interval;
  if (k <= 0) return false;
  if (k === 1) return true;
  const n = chat.filter((m) => m.is_user).length;
  return n >= k && n % k === 0;
}

/** `top + "\n" + note + "\n" + bottom` with one leading and one trailing newline removed (docs/world-info.md#slots). */
export function authorsNoteText(note: string, lore: LoreResult | null): string {
  const text = `${(lore?.anTop ?? []).join('\n')}\n${note}\n${(lore?.anBottom ?? []).join('\n')}`;
  return text.replace(/^\n/, '').replace(/\n$/, '');
}
