// The Run panel's inputs form: the fields a script's front-matter `input` declares, and the run input built from
// what was typed. Pure, so it is tested without React.
import { parsePpe } from '../../../shared/ppe/parse.ts';
import { normalizeInputs } from '../../../shared/ppe/inputs.ts';

export interface InputField {
  name: string;
  required: boolean;
  /** What the script uses when the field is left empty (front-matter value or declared default), as text. */
  placeholder: string;
  description?: string;
}

const shown = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);

export function inputFields(script: string): InputField[] {
  const data = parsePpe(script).ast.frontMatter?.data ?? {};
  return normalizeInputs(data['input']).map((spec) => ({
    name: spec.name,
    required: spec.required === true,
    placeholder: shown(spec.default ?? data[spec.name]),
    ...(spec.description ? { description: spec.description } : {}),
  }));
}

/**
 * Named inputs from the typed values; empty fields are left out so the script's defaults apply. A value that reads
 * as JSON (a number, `true`, an object…) is passed as that value, anything else as the text typed.
 */
export function runInput(values: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(values)) {
    if (text === '') continue;
    try {
      out[name] = JSON.parse(text) as unknown;
    } catch {
      out[name] = text;
    }
  }
  return out;
}
