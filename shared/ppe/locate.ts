// Finds where a piece of a string value sits in the source, for diagnostics inside quoted or block scalars
// (YAML only tells us where the value starts; escapes and indentation shift the rest).
import type { Pos } from './types.ts';

export class SourceLocator {
  private readonly lines: string[];
  constructor(text: string) {
    this.lines = text.split(/\r?\n/);
  }

  /**
   * Position of character `offset` of the string `value` whose YAML node starts at `from`. Falls back to `from`
   * when the line holding it cannot be found within the next lines.
   */
  at(from: Pos, value: string, offset: number): Pos {
    const valueLines = value.split('\n');
    let k = 0;
    let lineStart = 0;
    while (k < valueLines.length - 1 && lineStart + valueLines[k]!.length < offset) {
      lineStart += valueLines[k]!.length + 1;
      k++;
    }
    const lineText = valueLines[k]!;
    const lead = lineText.length - lineText.trimStart().length;
    const needle = lineText.trim();
    if (!needle) return from;
    for (let line = from.line; line < Math.min(this.lines.length + 1, from.line + valueLines.length + 50); line++) {
      const source = this.lines[line - 1] ?? '';
      const col = source.indexOf(needle, line === from.line ? from.column - 1 : 0);
      if (col >= 0) return { line, column: col + 1 + Math.max(0, offset - lineStart - lead) };
    }
    return from;
  }
}
