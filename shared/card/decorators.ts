/**
 * V3 lorebook decorators are `@@name` lines (and `@@@` fallbacks) at the top of an entry's content. V2 readers
 * would send them to the model, so the V2 backfill splits them off; the split is exact so it can be undone.
 */

export interface SplitContent {
  /** The decorator lines with their line breaks, exactly as they were ('' when none). */
  decorators: string;
  content: string;
}

export function splitDecorators(content: string): SplitContent {
  let pos = 0;
  while (content.startsWith('@@', pos)) {
    const nl = content.indexOf('\n', pos);
    if (nl < 0) return { decorators: content, content: '' };
    pos = nl + 1;
  }
  if (pos === 0) return { decorators: '', content };
  // The spec trims the newlines around the decorator block.
  while (content[pos] === '\n' || content[pos] === '\r') pos++;
  return { decorators: content.slice(0, pos), content: content.slice(pos) };
}
