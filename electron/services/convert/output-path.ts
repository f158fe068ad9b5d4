/** Output file names: mirrored under the output folder, extension per format, never colliding within a run. */
import path from 'node:path';
import type { CardContainer, OutputFormat } from '../../../shared/card/index.ts';
import { folderPrefix } from '../files/walk-files.ts';

const EXTENSION: Record<OutputFormat, string> = { png: '.png', json: '.json', yaml: '.yaml', charx: '.charx' };
const SPELLINGS: Record<OutputFormat, readonly string[]> = {
  png: ['.png', '.apng'],
  json: ['.json'],
  yaml: ['.yaml', '.yml'],
  charx: ['.charx'],
};

/** The container a 'same'-format output keeps, or undefined for read-only legacy containers. */
export function sameFormat(container: CardContainer): OutputFormat | undefined {
  return container === 'webp' || container === 'jpeg' ? undefined : container;
}

export class OutputPlanner {
  private readonly claimed = new Set<string>();
  private readonly outDir: string;
  /** The output folder with a separator at its end. */
  private readonly outPrefix: string;
  private readonly inputs: ReadonlySet<string>;

  constructor(outDir: string, inputs: Iterable<string>) {
    this.outDir = path.resolve(outDir);
    this.outPrefix = folderPrefix(this.outDir);
    this.inputs = new Set(inputs);
  }

  /**
   * Claims the output path of `input` (found under `root`) written as `format` ('same': the name is kept). Claims
   * are made in input order before any file is read, so names do not depend on which file finishes first.
   * Paths are the walk's: absolute and normalised.
   */
  claim(input: string, root: string, format: 'same' | OutputFormat): string {
    // A file inside its root (always, from the walk) is placed by string operations (see folderPrefix).
    const rootPrefix = folderPrefix(root);
    const inside = input.startsWith(rootPrefix);
    const rel = inside ? input.slice(rootPrefix.length) : path.relative(root, input);
    const ext = path.extname(rel);
    // Keep the file's own spelling (.apng, .yml) when it already names the format.
    const base =
      format === 'same' || SPELLINGS[format].includes(ext.toLowerCase())
        ? rel
        : rel.slice(0, rel.length - ext.length) + EXTENSION[format];
    const stem = base.slice(0, base.length - path.extname(base).length);
    for (let n = 1; ; n++) {
      const name = n === 1 ? base : `${stem} (${n})${path.extname(base)}`;
      const candidate = inside ? this.outPrefix + name : path.join(this.outDir, name);
      if (this.claimed.has(candidate) || this.inputs.has(candidate)) continue;
      this.claimed.add(candidate);
      return candidate;
    }
  }
}
