import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { bundle } from '../../../electron/services/worker-source.ts';
import { useTempDir } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();

describe('a worker bundle kept between runs', () => {
  it('is used while its sources are unchanged and built anew once one changes', () => {
    const dir = tempDir();
    const cache = path.join(dir, 'cache');
    const entry = path.join(dir, 'entry.ts');
    const word = path.join(dir, 'word.ts');
    fs.writeFileSync(entry, "import { word } from './word.ts';\nconsole.log(word);\n");
    fs.writeFileSync(word, "export const word: string = 'first';\n");
    const first = bundle(entry, cache)!;
    expect(first).toContain('first');
    const [name] = fs.readdirSync(cache);
    const keptAt = path.join(cache, name!);
    const kept = (): { code: string } => JSON.parse(fs.readFileSync(keptAt, 'utf8')) as { code: string };

    // The kept code is what the next run gets, as it is (marked here so it can be told from a new build).
    fs.writeFileSync(keptAt, JSON.stringify({ ...kept(), code: `${first}// kept\n` }));
    expect(bundle(entry, cache)).toBe(`${first}// kept\n`);

    // An imported module changed: the bundle is built again, and kept in place of the old one.
    fs.writeFileSync(word, "export const word: string = 'second';\n");
    const second = bundle(entry, cache)!;
    expect(second).toContain('second');
    expect(second).not.toContain('// kept');
    expect(kept().code).toBe(second);
    expect(fs.readdirSync(cache)).toEqual([name]);
  });
});
