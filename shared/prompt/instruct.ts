// Instruct-mode formatting (docs/prompt-assembly.md#instruct-formatting, #last-line): turns, the story-string wrapper, the reply opener and the
// template's stop strings.
import type { InstructTemplate } from './templates.ts';

export type Speaker = 'user' | 'char' | 'system';

/** Which sequence a turn takes: the oldest history turn may use the "first", the newest the "last" variants. */
export type TurnPlace = 'first' | 'last' | 'middle';

export interface InstructFormatter {
  /** `prefix + sep + [Name: ]text + suffix`; `name` is the speaker's name (for `{{name}}`), shown when `showName`. */
  turn(speaker: Speaker, text: string, name: string, showName: boolean, place?: TurnPlace): string;
  /** Wraps the rendered story string in the template's prefix and suffix. */
  storyString(text: string): string;
  /** What opens the reply: `sep + sequence` (+ `sep + Name:` with names always on). */
  opener(speaker: 'user' | 'char', name: string): string;
  sep: string;
}

export function instructFormatter(t: InstructTemplate, expand: (text: string) => string): InstructFormatter {
  const sep = t.wrap ? '\n' : '';
  // With `macro` on, sequences expand macros and `{{name}}` is the speaker (`System` for system turns).
  const seq = (text: string, name: string) =>
    t.macro && text.includes('{{') ? expand(text.replace(/\{\{name\}\}/gi, name || 'System')) : text;
  const sequences = (speaker: Speaker, place: TurnPlace): [string, string] => {
    if (speaker === 'user' || (speaker === 'system' && t.systemSameAsUser)) {
      const first = place === 'first' && speaker === 'user' ? t.firstInputSequence : '';
      const last = place === 'last' && speaker === 'user' ? t.lastInputSequence : '';
      return [first || last || t.inputSequence, t.inputSuffix];
    }
    if (speaker === 'char') {
      const special = place === 'first' ? t.firstOutputSequence : place === 'last' ? t.lastOutputSequence : '';
      return [special || t.outputSequence, t.outputSuffix];
    }
    return [t.systemSequence, t.systemSuffix];
  };
  return {
    sep,
    turn(speaker, text, name, showName, place = 'middle') {
      const who = speaker === 'system' ? '' : name;
      const [prefix, rawSuffix] = sequences(speaker, place);
      // An empty suffix becomes the separator; an empty prefix adds no separator of its own.
      const suffix = seq(rawSuffix, who) || (t.wrap ? '\n' : '');
      const body = showName && name ? `${name}: ${text}` : text;
      return [seq(prefix, who), body + suffix].filter((x) => x).join(sep);
    },
    storyString(text) {
      const prefix = seq(t.storyStringPrefix, '');
      return (prefix ? prefix + sep : '') + text + seq(t.storyStringSuffix, '');
    },
    opener(speaker, name) {
      const raw =
        speaker === 'user' ? t.lastInputSequence || t.inputSequence : t.lastOutputSequence || t.outputSequence;
      const sequence = seq(raw, name);
      if (t.namesBehavior === 'always') return `${sep}${sequence}${sep}${name}:`;
      return (t.wrap ? (sep + sequence).trimEnd() : sequence) + sep;
    },
  };
}

/** The template's stop strings: the stop sequence and (optionally) every sequence, line by line, `\n`-led when wrapped. */
export function instructStopStrings(
  t: InstructTemplate,
  user: string,
  char: string,
  expand: (text: string) => string,
): string[] {
  const named = (text: string, name: string) => text.replace(/\{\{name\}\}/gi, name);
  const sequences = t.sequencesAsStopStrings
    ? [
        t.stopSequence,
        named(t.inputSequence, user),
        named(t.outputSequence, char),
        named(t.firstOutputSequence, char),
        named(t.lastOutputSequence, char),
        named(t.systemSequence, 'System'),
        named(t.lastSystemSequence, 'System'),
      ]
    : [t.stopSequence];
  const lines = [...new Set(sequences.join('\n').split('\n'))];
  const out: string[] = [];
  for (const line of lines) {
    // A sequence that is only whitespace would stop every reply.
    if (!line.trim()) continue;
    const wrapped = t.wrap ? `\n${line}` : line;
    out.push(t.macro ? expand(wrapped) : wrapped);
  }
  return out;
}
