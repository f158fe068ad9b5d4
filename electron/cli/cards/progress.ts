/**
 * Live progress of a batch on the CLI's err stream: a bar redrawn in place on a terminal, one plain line per file
 * otherwise (logs and pipes cannot take carriage returns).
 */
import type { ConvertProgress } from '../../services/convert/index.ts';
import type { CliIo } from '../io.ts';

const BAR_WIDTH = 28;
const NAME_WIDTH = 40;
// A redraw per file would flood a slow terminal with thousands of writes a second.
const REDRAW_MS = 80;
const CLEAR_LINE = '\r\x1b[K';

export interface ProgressReporter {
  update(progress: ConvertProgress): void;
  /** Prints a line above the bar (or as a plain line). */
  note(text: string): void;
  finish(): void;
}

export function progressReporter(io: CliIo, show: (path: string) => string, quiet: boolean): ProgressReporter {
  return io.isTTY ? new TerminalBar(io, show) : plainLines(io, show, quiet);
}

function plainLines(io: CliIo, show: (path: string) => string, quiet: boolean): ProgressReporter {
  return {
    update({ done, total, result }) {
      if (quiet) return;
      const reason = result.error ? `: ${result.error.message}` : '';
      io.err(`[${done}/${total}] ${result.status} ${show(result.input)}${reason}\n`);
    },
    note: (text) => io.err(`${text}\n`),
    finish: () => undefined,
  };
}

class TerminalBar implements ProgressReporter {
  private last: ConvertProgress | undefined;
  /** The state the bar on screen shows, so finishing does not draw it twice. */
  private shown: ConvertProgress | undefined;
  private failed = 0;
  private drawnAt = 0;
  private drawn = false;
  private readonly io: CliIo;
  private readonly show: (path: string) => string;

  constructor(io: CliIo, show: (path: string) => string) {
    this.io = io;
    this.show = show;
  }

  update(progress: ConvertProgress): void {
    this.last = progress;
    if (progress.result.status === 'failed') {
      this.failed++;
      this.note(`failed ${this.show(progress.result.input)}: ${progress.result.error?.message ?? 'unknown error'}`);
      return;
    }
    const now = performance.now();
    if (now - this.drawnAt >= REDRAW_MS || progress.done === progress.total) this.draw(now);
  }

  note(text: string): void {
    this.io.err(`${this.drawn ? CLEAR_LINE : ''}${text}\n`);
    this.drawn = false;
    this.draw(performance.now());
  }

  finish(): void {
    if (!this.last) return;
    if (this.shown !== this.last || !this.drawn) this.draw(performance.now());
    this.io.err('\n');
    this.drawn = false;
  }

  private draw(now: number): void {
    if (!this.last) return;
    const { done, total, result } = this.last;
    const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
    const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
    const failed = this.failed ? ` · ${this.failed} failed` : '';
    this.io.err(
      `${CLEAR_LINE}[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${done}/${total} ${percent}%${failed} ${truncate(this.show(result.input))}`,
    );
    this.drawn = true;
    this.drawnAt = now;
    this.shown = this.last;
  }
}

/** Keeps the end of a long path: the file name is the informative part. */
function truncate(text: string): string {
  const chars = [...text];
  return chars.length <= NAME_WIDTH ? text : `…${chars.slice(chars.length - NAME_WIDTH + 1).join('')}`;
}
