// Chat import/export: Lorewright's transcript JSON, GLM (JSON or YAML) and SillyTavern JSONL, detected by content.
import yaml from 'js-yaml';
import type { ChatConversion, Transcript } from '../types.ts';
import { TRANSCRIPT_FORMAT } from '../types.ts';
import { validateTranscript } from '../validate.ts';
import { isObject } from './foreign.ts';
import { fromGlm, toGlmJson, toGlmYaml } from './glm.ts';
import { ChatFormatError, fromSillyTavern, toSillyTavern } from './sillytavern.ts';
import { describeProblem, findTreeProblem } from '../../util/document-limits.ts';

export { ChatFormatError } from './sillytavern.ts';
export { fromGlm, toGlm, validateGlm } from './glm.ts';
export { fromSillyTavern, toSillyTavern } from './sillytavern.ts';

export const CHAT_FORMATS = ['lorewright', 'glm-json', 'glm-yaml', 'sillytavern'] as const;
export type ChatFormat = (typeof CHAT_FORMATS)[number];

export function exportChat(t: Transcript, format: ChatFormat): ChatConversion<string> {
  switch (format) {
    case 'lorewright':
      return { value: `${JSON.stringify(t, null, 2)}\n`, lost: [] };
    case 'glm-json':
      return toGlmJson(t);
    case 'glm-yaml':
      return toGlmYaml(t);
    case 'sillytavern':
      return toSillyTavern(t);
  }
}

function parseSingle(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Which format a chat file is in: one JSON object (ours or GLM), JSON lines (SillyTavern), else YAML (GLM). */
export function detectChatFormat(text: string): ChatFormat {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    const single = parseSingle(trimmed);
    if (isObject(single)) {
      if (single.format === TRANSCRIPT_FORMAT) return 'lorewright';
      // A SillyTavern chat with no messages is its header line alone.
      return 'user_name' in single || 'character_name' in single ? 'sillytavern' : 'glm-json';
    }
    // Several objects, one a line.
    return 'sillytavern';
  }
  return 'glm-yaml';
}

export function importChat(
  text: string,
  format: ChatFormat = detectChatFormat(text),
): ChatConversion<Transcript> & { format: ChatFormat } {
  if (format === 'sillytavern') return { ...fromSillyTavern(text), format };
  if (format === 'lorewright') {
    const doc = parseSingle(text);
    if (doc === undefined) throw new ChatFormatError('not JSON');
    const problem = findTreeProblem(doc);
    if (problem) throw new ChatFormatError(describeProblem(problem));
    return { value: validateTranscript(doc), lost: [], format };
  }
  let doc: unknown;
  try {
    doc = format === 'glm-json' ? JSON.parse(text) : yaml.load(text, { schema: yaml.CORE_SCHEMA });
  } catch (e) {
    throw new ChatFormatError(`not ${format === 'glm-json' ? 'JSON' : 'YAML'}: ${(e as Error).message}`);
  }
  const problem = findTreeProblem(doc);
  if (problem) throw new ChatFormatError(describeProblem(problem));
  return { ...fromGlm(doc), format };
}
