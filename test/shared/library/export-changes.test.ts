// The File panel's "what export changes": computed from bytes, so "nothing" means the very same file.
import { describe, expect, it } from 'vitest';
import { readCard } from '../../../shared/card/read.ts';
import { exportCard, inspectCard } from '../../../shared/library/card-files.ts';
import type { StoredCard } from '../../../shared/library/card-files.ts';
import { fixture } from '../card/helpers.ts';

const seraphina = fixture('default_Seraphina-1.18.0.png');
const stored = (
  document: string,
  original: Uint8Array | null,
  container: StoredCard['container'] = 'png',
): StoredCard => ({ name: 'Seraphina', document, format: 'json', container, original });
const doc = readCard(seraphina, 'x.png', { normalize: false }).doc as { data: Record<string, unknown> };

describe('inspectCard: what export changes', () => {
  it('nothing for an unedited card: the export is the same file', () => {
    const info = inspectCard(stored(JSON.stringify(doc, null, 2), seraphina));
    expect(info.exportIdentical).toBe(true);
    expect(info.exportChanges).toEqual([]);
  });

  it('after an edit: the rewritten card chunks and the edited field, nothing else', () => {
    const edited = { ...doc, data: { ...doc.data, description: 'Edited.' } };
    const info = inspectCard(stored(JSON.stringify(edited, null, 2), seraphina));
    expect(info.exportIdentical).toBe(false);
    expect(info.exportChanges).toEqual([
      { kind: 'chunk', action: 'rewritten', type: 'tEXt', keyword: 'chara' },
      { kind: 'chunk', action: 'rewritten', type: 'tEXt', keyword: 'ccv3' },
      { kind: 'field', pointer: '/data/description', change: 'changed' },
    ]);
  });

  it('a card first exported into a new image and stored with it: that file again', () => {
    const plain = exportCard(stored(JSON.stringify(doc), null, 'json'), 'png').bytes;
    const info = inspectCard(stored(JSON.stringify(doc), plain));
    expect(info.exportIdentical).toBe(true);
  });

  it('JSON: the stored text is the file', () => {
    const text = JSON.stringify(doc, null, 2);
    expect(inspectCard(stored(text, null, 'json')).exportIdentical).toBe(true);
  });
});
