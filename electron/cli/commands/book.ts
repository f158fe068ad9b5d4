/** `lorewright book convert`: converts a lorebook between formats and prints what each field became. */
import fs from 'node:fs';
import path from 'node:path';
import { BOOK_FORMATS, BookFormatError, convertBook, type BookFormat } from '../../../shared/lorebook/formats/index.ts';
import type { CliIo } from '../io.ts';
import { formatLossReports } from '../lore/loss-report-text.ts';
import { parseCommandArgs } from '../lore/options.ts';
import { InputError, readJsonFile } from '../lore/read-json.ts';
import { EXIT_OK, UsageError } from '../usage-error.ts';

export const BOOK_HELP = `Usage: lorewright book convert <file> --to ${BOOK_FORMATS.join('|')} [options]

Converts a lorebook (SillyTavern World Info JSON, a V2/V3 character_book or card JSON, a V3 lorebook,
NovelAI .lorebook, Agnai memory book or RisuAI lorebook; the input format is detected) and prints the loss
report: what every field became (kept, mapped, moved to extensions, stored, defaulted or dropped).

Options:
  --to FORMAT     st, v2, v3, novelai, agnai or risu
  --out FILE      write the converted book there (without it, the book goes to stdout and the report to stderr);
                  the input is never overwritten, and an existing FILE only with --force
  --force         replace an existing --out file
  --json          print {input, from, to, out, reports[, book]} as JSON
  -h, --help      this help
`;

const options = {
  to: { type: 'string' },
  out: { type: 'string' },
  force: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function runBook(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, options, BOOK_HELP);
  const [command, file, ...extra] = positionals;
  if (values.help || command === undefined) {
    io.out(BOOK_HELP);
    return values.help ? EXIT_OK : 2;
  }
  if (command !== 'convert') throw new UsageError(`Unknown book command "${command}".`, BOOK_HELP);
  if (file === undefined || extra.length)
    throw new UsageError(
      file === undefined ? 'book convert needs a book file.' : 'book convert takes one book file.',
      BOOK_HELP,
    );
  const to = values.to as BookFormat | undefined;
  if (to === undefined || !BOOK_FORMATS.includes(to))
    throw new UsageError(
      `--to must be one of ${BOOK_FORMATS.join(', ')}${values.to === undefined ? '' : `, got "${values.to}"`}.`,
      BOOK_HELP,
    );
  const input = path.resolve(io.cwd, file);
  const out = values.out === undefined ? undefined : path.resolve(io.cwd, values.out);
  if (
    out !== undefined &&
    fs.existsSync(input) &&
    fs.existsSync(out) &&
    fs.realpathSync(out) === fs.realpathSync(input)
  ) {
    throw new UsageError('--out is the input file: book convert never overwrites its input.', BOOK_HELP);
  }

  let conversion;
  try {
    conversion = convertBook(readJsonFile(input, file), to);
  } catch (e) {
    if (e instanceof BookFormatError) throw new InputError(`${file}: not a lorebook: ${e.message}`);
    throw e;
  }
  const { book, reports } = conversion;
  const text = `${JSON.stringify(book, null, 2)}\n`;
  if (out !== undefined) {
    try {
      // 'wx' refuses an existing file atomically; --force replaces it.
      fs.writeFileSync(out, text, { flag: values.force ? 'w' : 'wx' });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new InputError(
        code === 'EEXIST'
          ? `${values.out} already exists: pass --force to replace it.`
          : `${values.out}: ${(e as Error).message}`,
      );
    }
  }
  if (values.json) {
    io.out(
      `${JSON.stringify({ input: file, from: reports[0].from, to, out: values.out ?? null, reports, ...(out === undefined ? { book } : {}) }, null, 2)}\n`,
    );
    return EXIT_OK;
  }
  const summary = `${file}: ${reports[0].from} → ${to}${out === undefined ? '' : `, written to ${values.out}`}\n${formatLossReports(reports)}`;
  if (out === undefined) {
    io.out(text);
    io.err(summary);
  } else io.out(summary);
  return EXIT_OK;
}
