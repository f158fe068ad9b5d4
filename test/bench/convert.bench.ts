// Batch V1→V2 conversion (issue 16): 2,000 PNG cards of ≈490 KiB, and 20,000 small JSON cards, each against `cp -r`
// of the same files measured in the same run, with the process's peak RSS (worker threads included). Target:
// conversion takes at most 1.5× as long as the copy: the median, over interleaved pairs, of each pair's ratio.
//
// The files vary the way real exports do, so no one layout is tuned for: the card chunk before or after the image
// data, IDAT whole or in libpng's 8 KiB pieces, other chunks around it, base64 on one line or wrapped, raw JSON;
// JSON cards indented 2, 4, tab or on one line, CRLF, a BOM, extra and reordered keys.
//
// Why pairs, and why nothing is removed until the end (measured on the 2-core VM, session 8):
// - Writing files costs mostly memory for their page cache. Memory freed in the last seconds is cheap to reuse; older
//   free memory has been handed back to the host, and touching it again costs 1–2 s of system time per GiB, more or
//   less as the host is busy (cp -r of the 2,000 PNGs: 0.3 s right after a removal, 1.4–4.8 s otherwise).
// - Creating a file on ext4 without a journal walks past every inode deleted in the last 60 s (360 s while its block
//   is dirty) in its group: cp -r of the 20,000 JSON cards took 0.65 s with no removal before it and 2.8–11.5 s in
//   the minutes after removals.
// So no round removes anything (the outputs of both sets stay until the suite ends; up to 2 × ROUNDS GiB), each side
// writes a folder of its own after a `sync`, and each pair runs its two sides back to back (alternating which goes
// first), so both meet the same host and file-system state; the verdict is the median of the pairs' ratios, with
// their spread.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { encodeChunk } from '../../shared/card/index.ts';
import { PNG_SIGNATURE } from '../../shared/card/png-chunks.ts';
import { mulberry32 } from '../../shared/util/mulberry32.ts';
import { convertFiles } from '../../electron/services/convert/index.ts';
import { loadAverage, type Row } from './table.ts';

const SETS = {
  png: { name: 'PNG ≈490 KiB', count: 2_000 },
  json: { name: 'small JSON', count: 20_000 },
} as const;
type Kind = keyof typeof SETS;
/** Interleaved pairs (cp -r, convert); LOREWRIGHT_BENCH_ROUNDS overrides (the median is reported, so keep it odd). */
const ROUNDS = Number(process.env['LOREWRIGHT_BENCH_ROUNDS'] ?? 5);
const TARGET_RATIO = 1.5;

function v1Card(i: number, next: () => number): Record<string, unknown> {
  const card: Record<string, unknown> = {
    name: `Card ${i}`,
    description: `Card ${i} keeps the lighthouse at the edge of the map. 灯台守 🌊 `.repeat(
      4 + Math.floor(next() * 16),
    ),
    personality: 'patient, dry humour, afraid of silence',
    scenario: `{{user}} washes ashore near lighthouse ${i}.`,
    first_mes: `*The lamp turns.* You're awake. Welcome to lighthouse ${i}.`,
    mes_example: '<START>\n{{user}}: Where am I?\n{{char}}: Somewhere the ships avoid.',
  };
  // Real V1 exports carry tool-specific keys, in any order; they must survive the conversion.
  if (next() < 0.5) card['talkativeness'] = '0.5';
  if (next() < 0.3)
    Object.assign(card, { avatar: 'none', chat: `Card ${i} - 2024-5-1 @12h 00m`, create_date: '2024-5-1' });
  if (next() < 0.2) card['creatorcomment'] = 'Found in a bottle.';
  if (next() < 0.2) card['tags'] = ['lighthouse', 'sea'];
  if (next() < 0.3) return Object.fromEntries(Object.entries(card).sort(() => next() - 0.5));
  return card;
}

/** The JSON text of a card as some exporter wrote it: indent, line endings, BOM. */
function jsonText(doc: unknown, next: () => number): string {
  const indent = [2, 2, 4, '\t', 0][Math.floor(next() * 5)]!;
  let text = JSON.stringify(doc, null, indent);
  if (indent !== 0 && next() < 0.25) text = text.replace(/\n/g, '\r\n');
  if (next() < 0.5) text += indent !== 0 && text.includes('\r\n') ? '\r\n' : '\n';
  return next() < 0.05 ? `\uFEFF${text}` : text;
}

const text = (keyword: string, payload: string): Uint8Array =>
  encodeChunk('tEXt', Buffer.concat([Buffer.from(`${keyword}\0`, 'latin1'), Buffer.from(payload, 'utf8')]));

/** A real PNG of 8-bit RGB noise (stored, since noise does not compress) holding the V1 card in some writer's layout. */
function pngCard(i: number, next: () => number): Uint8Array {
  const width = 380 + Math.floor(next() * 280);
  const height = 326;
  const rowBytes = 1 + width * 3;
  const raw = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const row = raw.subarray(y * rowBytes + 1, (y + 1) * rowBytes); // filter byte 0: "None"
    for (let x = 0; x < row.length; x += 4) row.writeUInt32LE((next() * 2 ** 32) >>> 0, Math.min(x, row.length - 4));
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const zlib = deflateSync(raw, { level: 0 });
  // Half whole, half in libpng's 8 KiB IDAT pieces.
  const piece = next() < 0.5 ? zlib.length : 8192;
  const idat: Uint8Array[] = [];
  for (let at = 0; at < zlib.length; at += piece) idat.push(encodeChunk('IDAT', zlib.subarray(at, at + piece)));
  const json = JSON.stringify(v1Card(i, next));
  const style = next();
  const b64 = Buffer.from(json).toString('base64');
  const payload = style < 0.7 ? b64 : style < 0.85 ? b64.replace(/.{76}/g, '$&\n') : json;
  const card = text('chara', payload);
  const meta = next() < 0.5 ? [text('Software', 'Card Forge 2.1')] : [];
  const head = [
    encodeChunk('IHDR', ihdr),
    ...(next() < 0.5 ? [encodeChunk('pHYs', Buffer.from([0, 0, 11, 19, 0, 0, 11, 19, 1]))] : []),
  ];
  const place = next();
  const body =
    place < 0.45
      ? [...head, ...idat, ...meta, card] // after the image, just before IEND (SillyTavern)
      : place < 0.75
        ? [...head, card, ...meta, ...idat] // before the image
        : [...head, ...idat, card, ...meta, encodeChunk('tIME', Buffer.from([7, 232, 5, 1, 12, 0, 0]))]; // chunks after it
  return Buffer.concat([Uint8Array.from(PNG_SIGNATURE), ...body, encodeChunk('IEND', new Uint8Array(0))]);
}

/** Writes `count` cards of `kind` into 20 folders; returns the bytes written. */
export function generate(dir: string, count: number, kind: Kind): number {
  const next = mulberry32(kind === 'png' ? 16 : 61);
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const folder = path.join(dir, `set-${i % 20}`);
    fs.mkdirSync(folder, { recursive: true });
    const data = kind === 'png' ? pngCard(i, next) : Buffer.from(jsonText(v1Card(i, next), next));
    fs.writeFileSync(path.join(folder, `card-${i}.${kind}`), data);
    bytes += data.length;
  }
  return bytes;
}

/** Flushes earlier writes to disk, so a phase does not pay for the previous one's writeback. */
function settle(): void {
  if (process.platform !== 'win32') execFileSync('sync');
}

/** Reads every file once, so both sides start from the same warm page cache. */
function warm(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) fs.readFileSync(path.join(entry.parentPath, entry.name));
}

interface Measured {
  ms: number;
  /** CPU time of this process (worker threads included) plus its finished children (cp): user, and system. */
  userMs: number;
  sysMs: number;
  rssStart: number;
  rssPeak: number;
}

/** User and system CPU ms of this process and its finished children (cp; from /proc on Linux, else none). */
function cpu(): { user: number; sys: number } {
  const own = process.cpuUsage();
  let children = [0, 0];
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // cutime and cstime (fields 16 and 17 of the whole line) in clock ticks, 100 per second on Linux.
    children = [Number(fields[13]) * 10, Number(fields[14]) * 10];
  } catch {
    // Not Linux: cp's own CPU time is not counted.
  }
  return { user: own.user / 1000 + children[0]!, sys: own.system / 1000 + children[1]! };
}

/** Times `fn` while sampling the whole process's RSS (worker threads included). */
async function timed(fn: () => Promise<void>): Promise<Measured> {
  settle();
  const rssStart = process.memoryUsage.rss();
  let rssPeak = rssStart;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 10);
  const started = performance.now();
  const cpuStart = cpu();
  try {
    await fn();
  } finally {
    clearInterval(sampler);
  }
  const cpuEnd = cpu();
  return {
    ms: performance.now() - started,
    userMs: cpuEnd.user - cpuStart.user,
    sysMs: cpuEnd.sys - cpuStart.sys,
    rssStart,
    rssPeak: Math.max(rssPeak, process.memoryUsage.rss()),
  };
}

const middle = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** The median round by wall time, with the peak RSS of all rounds. */
function median(runs: Measured[]): Measured {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  return { ...sorted[runs.length >> 1]!, rssPeak: Math.max(...runs.map((r) => r.rssPeak)) };
}

/** `cp -r` as the issue measures it (fs.cp where there is no cp). */
function copyTree(src: string, out: string): Promise<void> {
  if (process.platform === 'win32') return fs.promises.cp(src, out, { recursive: true });
  return new Promise((resolve, reject) => execFile('cp', ['-r', src, out], (e) => (e ? reject(e) : resolve())));
}

const ms = (value: number): string => Math.round(value).toLocaleString('en');
const seconds = (runs: Measured[]): string => runs.map((r) => (r.ms / 1000).toFixed(2)).join(', ');
const cpuText = (m: Measured): string => `CPU ${ms(m.userMs + m.sysMs)} ms, ${ms(m.sysMs)} of it system`;

/** Generates the `kind` set under `dir` and times `cp -r` and the conversion of it in interleaved pairs. */
async function compare(kind: Kind, dir: string): Promise<{ rows: Row[]; figure: Row }> {
  const { name, count } = SETS[kind];
  const src = path.join(dir, kind, 'src');
  const bytes = generate(src, count, kind);
  const sides = {
    copy: (out: string) => copyTree(src, out),
    convert: async (out: string) => {
      const report = await convertFiles({ inputs: [src], to: 'v2', outDir: out });
      if (report.totals.converted !== count)
        throw new Error(`expected ${count} conversions, got ${JSON.stringify(report.totals)}`);
    },
  };
  const runs: Record<keyof typeof sides, Measured[]> = { copy: [], convert: [] };
  warm(src);
  const loadAtStart = loadAverage();
  for (let pair = 0; pair < ROUNDS; pair++) {
    for (const side of pair % 2 ? (['convert', 'copy'] as const) : (['copy', 'convert'] as const))
      runs[side].push(await timed(() => sides[side](path.join(dir, kind, `out-${pair}-${side}`))));
  }
  const ratios = runs.convert.map((c, i) => c.ms / runs.copy[i]!.ms);
  const ratio = middle(ratios);
  const spread = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×`;
  const mb = bytes / 1024 / 1024;
  const row = (what: string, m: Measured, all: Measured[], vsCopy: string): Row => ({
    case: `${name}: ${what}`,
    cards: count,
    MiB: Number(mb.toFixed(1)),
    median_ms: Math.round(m.ms),
    rounds_s: seconds(all),
    cpu_ms: Math.round(m.userMs + m.sysMs),
    sys_ms: Math.round(m.sysMs),
    cards_per_s: Math.round(count / (m.ms / 1000)),
    MiB_per_s: Number((mb / (m.ms / 1000)).toFixed(1)),
    rss_before_MiB: Math.round(m.rssStart / 1024 / 1024),
    peak_rss_MiB: Math.round(m.rssPeak / 1024 / 1024),
    vs_copy: vsCopy,
  });
  const copy = median(runs.copy);
  const convert = median(runs.convert);
  const verdict = `≤ ${TARGET_RATIO}× cp -r: ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}`;
  return {
    rows: [
      row(`baseline cp -r of the same files (${ROUNDS} rounds)`, copy, runs.copy, '1×'),
      row(
        `convert --to v2 --out DIR, jobs ${os.availableParallelism()} (${ROUNDS} rounds)`,
        convert,
        runs.convert,
        `pairs: median ${ratio.toFixed(2)}× (${ratios.map((r) => r.toFixed(2)).join(', ')}; target ${verdict})`,
      ),
    ],
    figure: {
      figure: `convert: V1→V2, ${count.toLocaleString('en')} ${name} cards (${mb.toFixed(0)} MiB), median of ${ROUNDS} interleaved pairs (load ${loadAtStart})`,
      // The first pair is also the process's first call: nothing is compiled yet (as in a CLI run).
      value: `${ratio.toFixed(2)}× (pairs ${spread}); convert median ${ms(convert.ms)} ms (${cpuText(convert)}), peak RSS ${Math.round(convert.rssPeak / 1024 / 1024)} MiB; first pair ${ms(runs.convert[0]!.ms)} ms vs ${ms(runs.copy[0]!.ms)} ms`,
      target: verdict,
      comparison: `cp -r median ${ms(copy.ms)} ms (${cpuText(copy)})`,
    },
  };
}

export async function run(): Promise<{ rows: Row[]; figures: Row[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lorewright-bench-convert-'));
  try {
    const png = await compare('png', dir);
    const json = await compare('json', dir);
    return { rows: [...png.rows, ...json.rows], figures: [png.figure, json.figure] };
  } finally {
    // Removed only now: a removal slows the creates of the next minutes (see the top of this file).
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
