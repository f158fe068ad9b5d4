/** `lorewright library …`: the same library service the app uses, headless. */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { openLibrary } from '../../services/library/library.ts';
import type { Library } from '../../services/library/library.ts';
import { resolveDbPath } from '../../services/paths.ts';
import { importCards } from '../../services/library/import-cards.ts';
import type { ImportFile } from '../../services/library/import-cards.ts';
import { readRegularFile, walkFiles } from '../../services/files/walk-files.ts';
import { isCardFileName } from '../../services/convert/collect.ts';
import type { CardSummary, ImportFileResult } from '../../../shared/library/types.ts';
import type { SortKey } from '../../../shared/api/contract.ts';
import { formatTable } from '../table.ts';
import { defaultExportFormat, exportCard } from '../../../shared/library/card-files.ts';
import type { ExportSpec } from '../../../shared/library/card-files.ts';
import type { OutputFormat } from '../../../shared/card/index.ts';
import type { CliIo } from '../io.ts';
import { EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, UsageError } from '../usage-error.ts';
import { ApiError } from '../../../shared/errors.ts';

export const LIBRARY_HELP = `Usage: lorewright library <command> [options]

Commands:
  list                 list cards (--query, --tag, --sort, --desc, --limit, --offset, --trash)
  search <text>        full-text search over names, creators, tags, descriptions, notes
  get <id>             print a card's document exactly as stored
  delete <id>          move a card to the trash (restore with "restore")
  restore <id>         take a card out of the trash
  import <file...>     import card files (.png, .charx, .json, .yaml, .webp/.jpeg; folders are walked)
  export <id>          write a card file (--format png|json|yaml|charx, --spec keep|v2|v3, --out FILE)

Options:
  --db PATH            library file (default: LOREWRIGHT_DB, else the app's user-data folder)
  --json               machine-readable output
  -h, --help           this help
`;

// The largest card file read (the same default as readCard's maxBytes); larger ones are skipped unread.
const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

const SORTS: readonly SortKey[] = ['name', 'updated', 'created', 'creator', 'character_version'];

const options = {
  db: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  query: { type: 'string', short: 'q' },
  tag: { type: 'string', multiple: true },
  sort: { type: 'string' },
  desc: { type: 'boolean' },
  limit: { type: 'string' },
  offset: { type: 'string' },
  trash: { type: 'boolean' },
  format: { type: 'string' },
  spec: { type: 'string' },
  out: { type: 'string', short: 'o' },
} satisfies ParseArgsConfig['options'];

function intOption(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new UsageError(`--${name} must be a whole number, got "${value}".`, LIBRARY_HELP);
  return n;
}

function idArg(value: string | undefined, command: string): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < 1)
    throw new UsageError(
      `"library ${command}" needs a card id (a positive whole number)${value === undefined ? '' : `, got "${value}"`}.`,
      LIBRARY_HELP,
    );
  return n;
}

function printCards(io: CliIo, items: CardSummary[], total: number, json: boolean): void {
  if (json) {
    io.out(`${JSON.stringify({ items, total }, null, 2)}\n`);
    return;
  }
  if (items.length === 0) {
    io.out('No cards.\n');
    return;
  }
  io.out(
    formatTable(
      ['id', 'name', 'creator', 'tags', 'updated'],
      items.map((c) => [
        String(c.id),
        c.name,
        c.creator,
        c.tags.join(', '),
        new Date(c.updatedAt).toISOString().slice(0, 16).replace('T', ' '),
      ]),
    ),
  );
  io.out(`${items.length} of ${total} card(s)\n`);
}

/** Every input file, read before the import starts; what the walk or the read leaves out is reported as skipped. */
async function collectFiles(
  paths: string[],
  cwd: string,
): Promise<{ files: ImportFile[]; skipped: ImportFileResult[] }> {
  const abs = paths.map((p) => path.resolve(cwd, p));
  const walked = await walkFiles(abs, { accept: isCardFileName, maxFileBytes: MAX_IMPORT_BYTES });
  const missing = walked.skipped.find((s) => s.code === 'missing');
  if (missing)
    throw new UsageError(`No such file or folder: ${path.relative(cwd, missing.path) || missing.path}`, LIBRARY_HELP);
  const shown = (p: string): string => path.relative(cwd, p) || p;
  const skipped: ImportFileResult[] = walked.skipped.map((s) => ({
    file: shown(s.path),
    status: 'skipped',
    message: `${s.reason} [${s.code}]`,
  }));
  const files: ImportFile[] = [];
  for (const f of walked.files) {
    try {
      files.push({ name: shown(f.path), bytes: await readRegularFile(f.path, MAX_IMPORT_BYTES) });
    } catch (e) {
      skipped.push({ file: shown(f.path), status: 'skipped', message: (e as Error).message });
    }
  }
  return { files, skipped };
}

/**
 * Ctrl-C (or SIGTERM) stops the import between batches; every batch is one transaction, so what was imported
 * stays whole. Undefined when interrupted, after saying how far it got.
 */
async function importInterruptibly(
  library: Library,
  files: ImportFile[],
  io: CliIo,
): Promise<ImportFileResult[] | undefined> {
  const controller = new AbortController();
  let done = 0;
  const stop = (): void => controller.abort();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    return await importCards(library, files, {
      onProgress: (p) => {
        done = p.done;
        // A line per hundred files on large imports: the user sees it move, and knows Ctrl-C is heard.
        if (p.done % 100 === 0 && p.done < p.total) io.err(`[${p.done}/${p.total}] files processed\n`);
      },
      signal: controller.signal,
    });
  } catch (e) {
    if (!(e instanceof ApiError && e.code === 'cancelled')) throw e;
    io.err(
      `Interrupted: ${done} of ${files.length} file(s) processed; what they imported is kept (run the same command again: duplicates are recognised).\n`,
    );
    return undefined;
  } finally {
    process.removeListener('SIGINT', stop);
    process.removeListener('SIGTERM', stop);
  }
}

export async function runLibrary(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message, LIBRARY_HELP);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === undefined || command === 'help') {
    io.out(LIBRARY_HELP);
    return command === undefined && !values.help ? 2 : EXIT_OK;
  }
  const known = ['list', 'search', 'get', 'delete', 'restore', 'import', 'export'];
  if (!known.includes(command)) throw new UsageError(`Unknown library command "${command}".`, LIBRARY_HELP);
  if (values.sort !== undefined && !SORTS.includes(values.sort as SortKey))
    throw new UsageError(`--sort must be one of ${SORTS.join(', ')}.`, LIBRARY_HELP);
  const listOptions = {
    tags: values.tag ?? [],
    sort: (values.sort as SortKey | undefined) ?? 'name',
    order: values.desc ? ('desc' as const) : ('asc' as const),
    limit: Math.min(intOption('limit', values.limit, 100), 1000) || 1,
    offset: intOption('offset', values.offset, 0),
    trash: values.trash ?? false,
  };
  const ids =
    command === 'get' || command === 'delete' || command === 'restore' || command === 'export'
      ? idArg(rest[0], command)
      : 0;
  if (values.format !== undefined && !['png', 'json', 'yaml', 'charx'].includes(values.format))
    throw new UsageError('--format must be png, json, yaml or charx.', LIBRARY_HELP);
  if (values.spec !== undefined && !['keep', 'v2', 'v3'].includes(values.spec))
    throw new UsageError('--spec must be keep, v2 or v3.', LIBRARY_HELP);
  if (command === 'search' && rest.length === 0)
    throw new UsageError('"library search" needs the text to search for.', LIBRARY_HELP);
  if (command === 'import' && rest.length === 0)
    throw new UsageError('"library import" needs at least one file or folder.', LIBRARY_HELP);
  const inputs = command === 'import' ? await collectFiles(rest, io.cwd) : { files: [], skipped: [] };

  const dbPath = resolveDbPath(values.db, io.env);
  if (values.db === undefined && !io.env['LOREWRIGHT_DB']) fs.mkdirSync(path.dirname(dbPath), { recursive: true });
  const library: Library = openLibrary(dbPath);
  try {
    switch (command) {
      case 'list': {
        const r = library.cards.list({ ...listOptions, query: values.query ?? '' });
        printCards(io, r.items, r.total, values.json ?? false);
        return EXIT_OK;
      }
      case 'search': {
        const r = library.cards.list({ ...listOptions, query: rest.join(' ') });
        printCards(io, r.items, r.total, values.json ?? false);
        return EXIT_OK;
      }
      case 'get': {
        const card = library.cards.get(ids);
        io.out(
          values.json
            ? `${JSON.stringify(card, null, 2)}\n`
            : card.document.endsWith('\n')
              ? card.document
              : `${card.document}\n`,
        );
        return EXIT_OK;
      }
      case 'delete':
      case 'restore': {
        const card = library.cards.setDeleted(ids, command === 'delete');
        io.out(
          values.json
            ? `${JSON.stringify(card, null, 2)}\n`
            : `${command === 'delete' ? 'Moved to the trash' : 'Restored'}: ${card.name} (id ${card.id})\n`,
        );
        return EXIT_OK;
      }
      case 'export': {
        const stored = library.cards.stored(ids);
        const format = (values.format as OutputFormat | undefined) ?? defaultExportFormat(stored.container);
        const result = exportCard(stored, format, (values.spec as ExportSpec | undefined) ?? 'keep');
        const target = path.resolve(io.cwd, values.out ?? result.fileName);
        // Never overwrite: an author's existing file is not ours to replace.
        fs.writeFileSync(target, result.bytes, { flag: 'wx' });
        for (const w of result.warnings) io.err(`warning: ${w.pointer}: ${w.message}\n`);
        const changed = result.report?.items.filter((i) => i.action !== 'kept') ?? [];
        io.out(
          values.json
            ? `${JSON.stringify({ file: target, report: result.report, warnings: result.warnings }, null, 2)}\n`
            : `Wrote ${target}${result.report ? ` (${result.report.from} → ${result.report.to}, ${changed.length} fields moved, defaulted or changed)` : ''}\n`,
        );
        return EXIT_OK;
      }
      default: {
        const imported = await importInterruptibly(library, inputs.files, io);
        if (!imported) return EXIT_INTERRUPTED;
        const results = [...inputs.skipped, ...imported];
        if (values.json) io.out(`${JSON.stringify(results, null, 2)}\n`);
        else
          io.out(
            formatTable(
              ['file', 'status', 'id', 'message'],
              results.map((r) => [r.file, r.status, r.id === undefined ? '' : String(r.id), r.message ?? '']),
            ),
          );
        return results.some((r) => r.status === 'failed') ? EXIT_FAILED : EXIT_OK;
      }
    }
  } finally {
    library.close();
  }
}
