/** `lorewright validate`: per file, the detected spec and every error and warning with its JSON pointer. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { collectInputs } from '../../services/convert/collect.ts';
import { displayPath } from '../cards/display-path.ts';
import { validateFile } from '../cards/validate-file.ts';
import type { FileValidation } from '../cards/validate-file.ts';
import type { CliIo } from '../io.ts';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage-error.ts';

export const VALIDATE_HELP = `Usage: lorewright validate <files|folders...> [--json]

Checks character cards (PNG, JSON, YAML, CharX, WEBP/JPEG) against the V1/V2/V3 spec they declare. Folders are
walked recursively for card files. Nothing is written.

Per file: the detected spec, errors (the spec's MUSTs), warnings (SHOULDs, suspicious values), each with its
JSON pointer, and reader warnings (container oddities and quirks the lenient reader repairs on import).

Options:
  --json               machine-readable output
  -h, --help           this help

Exit codes: 0 no errors, 1 some file has errors or cannot be read, 2 usage error.
`;

const options = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies ParseArgsConfig['options'];

export async function runValidate(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message, VALIDATE_HELP);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(VALIDATE_HELP);
    return EXIT_OK;
  }
  if (positionals.length === 0) throw new UsageError('"validate" needs at least one file or folder.', VALIDATE_HELP);
  // The same file selection as "convert", so validating a folder checks exactly what converting it would touch.
  const { files, missing } = await collectInputs(positionals.map((p) => path.resolve(io.cwd, p)));
  const results: FileValidation[] = missing.map((m) => ({
    file: m.path,
    errors: [],
    warnings: [],
    readerWarnings: [],
    unreadable: { code: 'ENOENT', message: m.message },
  }));
  for (const f of files) results.push(await validateFile(f.path));
  const totals = {
    files: results.length,
    valid: results.filter((r) => !r.unreadable && r.errors.length === 0).length,
    withErrors: results.filter((r) => r.errors.length > 0).length,
    unreadable: results.filter((r) => r.unreadable).length,
  };
  const show = displayPath(io.cwd);
  io.out(
    values.json ? `${JSON.stringify({ files: results, totals }, null, 2)}\n` : formatValidation(results, totals, show),
  );
  return totals.valid === totals.files ? EXIT_OK : EXIT_FAILED;
}

function formatValidation(
  results: FileValidation[],
  totals: { files: number; valid: number; withErrors: number; unreadable: number },
  show: (file: string) => string,
): string {
  const lines: string[] = [];
  const at = (pointer: string): string => (pointer === '' ? '(document)' : pointer);
  for (const r of results) {
    if (r.unreadable) {
      lines.push(`${show(r.file)}: cannot be read: ${r.unreadable.message} [${r.unreadable.code}]`);
      continue;
    }
    const counts = [
      r.errors.length && `${r.errors.length} error(s)`,
      r.warnings.length && `${r.warnings.length} warning(s)`,
      r.readerWarnings.length && `${r.readerWarnings.length} reader warning(s)`,
    ].filter(Boolean);
    lines.push(
      `${show(r.file)}: ${r.spec?.toUpperCase()} ${r.container?.toUpperCase()}, ${counts.length ? counts.join(', ') : 'valid'}`,
    );
    for (const p of r.errors) lines.push(`  error    ${at(p.pointer)}: ${p.message}`);
    for (const p of r.warnings) lines.push(`  warning  ${at(p.pointer)}: ${p.message}`);
    for (const p of r.readerWarnings) lines.push(`  reader   ${at(p.pointer)}: ${p.message}`);
  }
  lines.push(
    '',
    `${totals.files} file(s): ${totals.valid} valid, ${totals.withErrors} with errors, ${totals.unreadable} unreadable`,
  );
  return `${lines.join('\n')}\n`;
}
