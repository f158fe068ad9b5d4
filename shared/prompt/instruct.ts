// Instruct-mode turn formatting (reference §3.4–§3.5).
import type { InstructTemplate } from './templates.ts';

export type Speaker = 'user' | 'char' | 'system';

export interface InstructFormatter {
  /** `prefix + sep + [Name: ]text + suffix`; `name` is the speaker's name, shown when `showName`. */
  turn(speaker: Speaker, text: string, name: string, showName: boolean): string;
  sep: string;
}

export function instructFormatter(t: InstructTemplate, expand: (text: string) => string): InstructFormatter {
  const sep = t.wrap ? '\n' : '';
  // Sequences may hold macros; `{{name}}` is the speaker (`System` for system turns).
  const seq = (text: string, name: string) => (text.includes('{{') ? expand(text.replace(/\{\{name\}\}/gi, name)) : text);
  return {
    sep,
    turn(speaker, text, name, showName) {
      const asUser = speaker === 'user' || (speaker === 'system' && t.systemSameAsUser);
      const [prefix, suffix] = asUser
        ? [t.inputSequence, t.inputSuffix]
        : speaker === 'char'
          ? [t.outputSequence, t.outputSuffix]
          : [t.systemSequence, t.systemSuffix];
      const who = speaker === 'system' ? 'System' : name;
      const body = showName && name ? `${name}: ${text}` : text;
      return seq(prefix, who) + sep + body + (t.wrap && !suffix ? '\n' : seq(suffix, who));
    },
  };
}
