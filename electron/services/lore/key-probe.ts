/**
 * Finding a runaway regex key: every regex key (primary and secondary, macros expanded as the scan does) is tested
 * alone against the text a scan could see (the whole chat, the match sources, injected prompts and every entry's
 * content, which recursion may add). A key that backtracks catastrophically never finishes one test.
 */
import { chatForScan, expandMacros, parseRegexKey, type Scenario } from '../../../shared/lorebook/index.ts';

export interface RegexProbe {
  /** Runtime key of the entry, `Book.uid`. */
  entry: string;
  comment: string;
  key: string;
  re: RegExp;
  text: string;
}

function probeText(scenario: Scenario): string {
  const { character, user } = scenario;
  const names = { user: user.name, char: character.name };
  const parts = chatForScan(scenario).map((m) => m.trim());
  parts.push(user.persona, character.description, character.personality, character.depthPrompt, character.scenario, character.creatorNotes);
  for (const prompt of Object.values(scenario.extensionPrompts)) parts.push(expandMacros(prompt.value, names));
  if (scenario.authorsNote) parts.push(expandMacros(scenario.authorsNote.value, names));
  for (const book of Object.values(scenario.books)) {
    for (const entry of Object.values(book.entries ?? {})) if (typeof entry?.content === 'string') parts.push(expandMacros(entry.content, names));
  }
  return `\x01${parts.filter((p) => p).join('\n\x01')}`;
}

export function* regexProbes(turns: readonly Scenario[]): Generator<RegexProbe> {
  for (const scenario of turns) {
    const names = { user: scenario.user.name, char: scenario.character.name };
    const text = probeText(scenario);
    for (const [world, book] of Object.entries(scenario.books)) {
      for (const entry of Object.values(book.entries ?? {})) {
        if (!entry || typeof entry !== 'object') continue;
        const keys = [entry.key, entry.keysecondary].flatMap((list) => (Array.isArray(list) ? list : []));
        for (const key of keys) {
          const re = parseRegexKey(expandMacros(String(key), names).trim());
          if (!re) continue;
          yield { entry: `${world}.${entry.uid}`, comment: typeof entry.comment === 'string' ? entry.comment : '', key: String(key), re, text };
        }
      }
    }
  }
}
