/**
 * A batch keeps every file's result until it ends (20,000 for a folder of small cards), and each young-generation
 * collection of this thread copies every result still young: a worker's answer brings its own copies of the same few
 * words and counts for every file. ResultSharer makes the results of a batch share one of each instead — the
 * status, spec, container and format words, an empty warnings list and each distinct loss summary (frozen, as it is
 * shared) — so what stays is smaller and the copies die young.
 */
import type { CardWarning } from '../../../shared/card/index.ts';
import type { ReportSummary } from '../../../shared/card/loss-report.ts';
import type { FileResult } from './types.ts';

const NO_WARNINGS = Object.freeze([]) as unknown as CardWarning[];

export class ResultSharer {
  private readonly words = new Map<string, string>();
  private readonly losses = new Map<string, ReportSummary>();

  share(result: FileResult): void {
    result.status = this.word(result.status);
    if (result.from) result.from = this.word(result.from);
    if (result.container) result.container = this.word(result.container);
    if (result.format) result.format = this.word(result.format);
    if (result.warnings.length === 0) result.warnings = NO_WARNINGS;
    if (result.loss) result.loss = this.loss(result.loss);
  }

  private word<T extends string>(word: T): T {
    const kept = this.words.get(word) as T | undefined;
    if (kept !== undefined) return kept;
    this.words.set(word, word);
    return word;
  }

  private loss(loss: ReportSummary): ReportSummary {
    const key = `${loss.kept} ${loss.moved} ${loss.defaulted} ${loss.changed} ${loss.dropped}`;
    const kept = this.losses.get(key);
    if (kept) return kept;
    this.losses.set(key, Object.freeze(loss));
    return loss;
  }
}
