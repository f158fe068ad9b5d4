// The macro subset SillyTavern applies to keys, contents and injected prompts (docs/world-info-scenarios.md#macros).

export interface MacroNames {
  user: string;
  char: string;
}

/** Every macro starts with "<" or "{{": most keys and contents have neither. */
export function hasMacros(text: string): boolean {
  return text.includes('<') || text.includes('{{');
}

export function expandMacros(text: string, names: MacroNames): string {
  if (!hasMacros(text)) return text;
  let out = text.replace(/<USER>/gi, () => names.user).replace(/<(?:BOT|CHAR)>/gi, () => names.char);
  if (!out.includes('{{')) return out;
  out = out
    .replace(/\{\{newline\}\}/gi, '\n')
    .replace(/(?:\r?\n)*\{\{trim\}\}(?:\r?\n)*/gi, '')
    .replace(/\{\{noop\}\}/gi, '')
    .replace(/\{\{user\}\}/gi, () => names.user)
    .replace(/\{\{char\}\}/gi, () => names.char)
    .replace(/\{\{\/\/[\s\S]*?\}\}/g, '');
  return out;
}
