// The code explains itself through docs/ in this repository: every docs/… link in a comment names a file and a
// heading that exist, and no comment cites § sections of documents outside it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const CODE = /\.(ts|tsx|mjs|css)$/;

function codeFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'fixtures' || d.name === 'node_modules' ? [] : codeFiles(rel);
    return CODE.test(d.name) ? [rel] : [];
  });
}

/** GitHub's anchor for a Markdown heading. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function headings(doc: string): Set<string> {
  const lines = fs.readFileSync(path.join(root, doc), 'utf8').split('\n');
  return new Set(lines.filter((l) => /^#+ /.test(l)).map((l) => slug(l.replace(/^#+ /, ''))));
}

describe('links from the code into docs/', () => {
  const files = ['shared', 'electron', 'renderer', 'scripts', 'test'].flatMap(codeFiles);

  it('name a document and a heading that exist', () => {
    const known = new Map<string, Set<string>>();
    const broken: string[] = [];
    let links = 0;
    for (const file of files) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const [link, doc, anchor] of text.matchAll(/docs\/([\w./-]+\.md)(?:#([\w-]+))?/g)) {
        links++;
        const docPath = `docs/${doc}`;
        if (!fs.existsSync(path.join(root, docPath))) broken.push(`${file}: ${link} (no such document)`);
        else if (anchor) {
          if (!known.has(docPath)) known.set(docPath, headings(docPath));
          if (!known.get(docPath)!.has(anchor)) broken.push(`${file}: ${link} (no such heading)`);
        }
      }
    }
    expect(links).toBeGreaterThan(50);
    expect(broken).toEqual([]);
  });

  it('leave no § citations of documents outside the repository', () => {
    const cited = files.filter(
      (f) => f !== 'test/shared/doc-links.test.ts' && fs.readFileSync(path.join(root, f), 'utf8').includes('§'),
    );
    expect(cited).toEqual([]);
  });
});
