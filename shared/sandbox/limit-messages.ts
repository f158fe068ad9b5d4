/**
 * How a stopped evaluation names a runaway regex key, in English: the host's time-out errors and the live preview
 * (whose English text is built from it; other languages translate it) say the same thing about the same culprit.
 */
import { entryLabel, type RegexKeyRef } from '../lorebook/regex-keys.ts';

/** `{key}` and `{entry}` are filled in; the sentence has no final stop, so it can be followed. */
export const REGEX_KEY_CULPRIT =
  'regex key {key} of entry {entry} backtracks catastrophically (a single run of it on this chat did not finish); rewrite it without nested quantifiers such as (a+)+';

/** The names a message fills into REGEX_KEY_CULPRIT for a key. */
export function regexKeyCulprit(ref: Pick<RegexKeyRef, 'book' | 'uid' | 'comment' | 'key'>): {
  key: string;
  entry: string;
} {
  return { key: ref.key, entry: entryLabel(ref) };
}

/** REGEX_KEY_CULPRIT filled in, for messages in English. */
export function regexKeyCulpritText(ref: Pick<RegexKeyRef, 'book' | 'uid' | 'comment' | 'key'>): string {
  const { key, entry } = regexKeyCulprit(ref);
  return REGEX_KEY_CULPRIT.replace('{key}', () => key).replace('{entry}', () => entry);
}
