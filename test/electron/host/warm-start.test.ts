import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { openLibrary, type Library } from '../../../electron/services/library/library.ts';
import { createApiHost } from '../../../electron/host/api.ts';
import { warmStartView } from '../../../electron/host/warm-start.ts';
import { fetchInput, START_QUERY } from '../../../shared/api/start-view.ts';
import { useTempDir, v2Card } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();
let library: Library | undefined;
afterEach(() => library?.close());

async function hostWithCards() {
  library = openLibrary(path.join(tempDir(), 'library.db'));
  const host = createApiHost({ library });
  const files = ['Cleo', 'Aria', 'Bram'].map((name) => ({ name: `${name}.json`, text: v2Card(name, { tags: ['x'] }) }));
  const imported = await host.call('cards.import', { files });
  expect(imported.ok).toBe(true);
  return host;
}

describe("the host's warm-up of the start view", () => {
  it("runs the renderer's start requests without an error and changes nothing they then read", async () => {
    const host = await hostWithCards();
    const before = await host.call('cards.list', fetchInput(START_QUERY, 0));
    expect(await warmStartView(host)).toEqual([]);
    const after = await host.call('cards.list', fetchInput(START_QUERY, 0));
    expect(after).toEqual(before);
    expect(after.ok && (after.value as { items: { name: string }[] }).items.map((c) => c.name)).toEqual([
      'Aria',
      'Bram',
      'Cleo',
    ]);
  });

  it('reports a failed request instead of throwing (the host does not wait for it)', async () => {
    const host = await hostWithCards();
    library!.close();
    library = undefined;
    const errors = await warmStartView(host);
    expect(errors).toHaveLength(2);
  });
});
