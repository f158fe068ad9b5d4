// Example dialogues (docs/prompt-assembly.md#examples): `<START>` blocks, speaker turns, and the World Info example entries.
import type { LoreResult } from './types.ts';

export interface ExampleTurn {
  speaker: 'user' | 'char';
  content: string;
}

/** Splits example text into blocks, each `"<START>\n" + trimmed block + "\n"`. Blank blocks carry nothing and are dropped. */
export function splitExampleBlocks(examples: string): string[] {
  let text = examples.trim();
  if (!text || /^<START>$/i.test(text)) return [];
  if (!/^<START>/i.test(text)) text = `<START>\n${text}`;
  return text
    .split(/<START>/i)
    .slice(1)
    .map((block) => block.trim())
    .filter((block) => block.length > 0)
    .map((block) => `<START>\n${block}\n`);
}

/** The card's blocks with World Info example entries around them: top entries land at the front one entry at a time. */
export function exampleBlocks(cardExamples: string, lore: LoreResult | null): string[] {
  const blocks = splitExampleBlocks(cardExamples);
  for (const entry of lore?.examples ?? []) {
    const entryBlocks = splitExampleBlocks(entry.content);
    if (entry.position === 0) blocks.unshift(...entryBlocks);
    else blocks.push(...entryBlocks);
  }
  return blocks;
}

/** The block without its marker line, as plain-text prompts show it. */
export const blockBody = (block: string): string => block.slice(block.indexOf('\n') + 1);

/**
 * Turns of one block. A line opening with `User:` or `Char:` starts a turn; other lines join the open turn (lines
 * before the first speaker are glued into it). The first `Name:` anywhere in the turn is removed — not anchored,
 * as SillyTavern does.
 */
export function parseExampleTurns(block: string, user: string, char: string): ExampleTurn[] {
  const turns: { speaker: ExampleTurn['speaker']; lines: string[] }[] = [];
  let pending: string[] = [];
  for (const line of blockBody(block).split('\n')) {
    const speaker = line.startsWith(`${user}:`) ? 'user' : line.startsWith(`${char}:`) ? 'char' : null;
    if (speaker) {
      turns.push({ speaker, lines: [...pending, line] });
      pending = [];
    } else if (turns.length > 0) turns[turns.length - 1]!.lines.push(line);
    else pending.push(line);
  }
  return turns.map(({ speaker, lines }) => ({
    speaker,
    content: lines
      .join('\n')
      .replace(`${speaker === 'user' ? user : char}:`, '')
      .trim(),
  }));
}
