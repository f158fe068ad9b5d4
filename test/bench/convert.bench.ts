// Batch V1→V2 conversion (issue 16): 2,000 PNG cards of ≈490 KiB, and 20,000 small JSON cards, each against `cp -r`
// of the same files measured in the same run, with the process's peak RSS (worker threads included). Target:
// conversion takes at most 1.5× as long as the copy, fastest round against fastest round (medians printed too).
//
// The files vary the way real exports do, so no one layout is tuned for: the card chunk before or after the image
// data, IDAT whole or in libpng's 8 KiB pieces, other chunks around it, base64 on one line or wrapped, raw JSON;
// JSON cards indented 2, 4, tab or on one line, CRLF, a BOM, extra and reordered keys.
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
/** Timed rounds per side; LOREWRIGHT_BENCH_ROUNDS overrides (the median is reported, so keep it odd). */
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
  /** CPU time of this process (worker threads included) plus its finished children (cp). */
  cpuMs: number;
  rssStart: number;
  rssPeak: number;
}

/** CPU time of finished child processes in ms, from /proc (Linux); 0 elsewhere. */
function childCpuMs(): number {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // cutime and cstime (fields 16 and 17 of the whole line) in clock ticks, 100 per second on Linux.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return 0;
  }
}

function cpuMs(): number {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1000 + childCpuMs();
}

/** Times `fn` while sampling the whole process's RSS (worker threads included). */
async function timed(fn: () => Promise<void>): Promise<Measured> {
  settle();
  const rssStart = process.memoryUsage.rss();
  let rssPeak = rssStart;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 10);
  const started = performance.now();
  const cpuStart = cpuMs();
  try {
    await fn();
  } finally {
    clearInterval(sampler);
  }
  return {
    ms: performance.now() - started,
    cpuMs: cpuMs() - cpuStart,
    rssStart,
    rssPeak: Math.max(rssPeak, process.memoryUsage.rss()),
  };
}

/** The fastest round: state of the file system and the VM's memory only ever adds time (see `compare`). */
const fastest = (runs: Measured[]): Measured => runs.reduce((a, b) => (b.ms < a.ms ? b : a));

function median(runs: Measured[]): Measured {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  return { ...sorted[Math.floor(sorted.length / 2)]!, rssPeak: Math.max(...runs.map((r) => r.rssPeak)) };
}

/** `cp -r` as the issue measures it (fs.cp where there is no cp). */
function copyTree(src: string, out: string): Promise<void> {
  if (process.platform === 'win32') return fs.promises.cp(src, out, { recursive: true });
  return new Promise((resolve, reject) => execFile('cp', ['-r', src, out], (e) => (e ? reject(e) : resolve())));
}

const ms = (m: { ms: number }): string => Math.round(m.ms).toLocaleString('en');
const seconds = (runs: Measured[]): string => runs.map((r) => (r.ms / 1000).toFixed(2)).join(', ');

async function compare(kind: Kind): Promise<{ rows: Row[]; figure: Row }> {
  const { name, count } = SETS[kind];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lorewright-bench-convert-'));
  try {
    const src = path.join(dir, 'src');
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
    // Each side starts from a flushed disk and the same warm source; the order alternates so neither always goes
    // first, and the median round of each is reported. Each round writes a folder of its own, and all are removed at
    // the end (for the PNG set, up to 2 × ROUNDS GiB on disk meanwhile): on ext4 without a journal, creating a file
    // skips inodes freed in the last minutes, so removing a round's outputs slowed the next round's creates, of
    // either side, more with every round (cp -r of the same 2,000 PNGs took 0.35 s in one run and 3.4 s in another).
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 ? (['convert', 'copy'] as const) : (['copy', 'convert'] as const))
        runs[side].push(await timed(() => sides[side](path.join(dir, `out-${round}-${side}`))));
    }
    const mb = bytes / 1024 / 1024;
    const row = (what: string, m: Measured, all: Measured[], vsCopy: string): Row => ({
      case: `${name}: ${what}`,
      cards: count,
      MiB: Number(mb.toFixed(1)),
      median_ms: Math.round(m.ms),
      fastest_ms: Math.round(fastest(all).ms),
      rounds_s: seconds(all),
      cpu_ms: Math.round(m.cpuMs),
      cards_per_s: Math.round(count / (m.ms / 1000)),
      MiB_per_s: Number((mb / (m.ms / 1000)).toFixed(1)),
      rss_before_MiB: Math.round(m.rssStart / 1024 / 1024),
      peak_rss_MiB: Math.round(m.rssPeak / 1024 / 1024),
      vs_copy: vsCopy,
    });
    const copy = median(runs.copy);
    const convert = median(runs.convert);
    const medians = convert.ms / copy.ms;
    // The verdict compares the fastest rounds: how long cp -r takes here depends on the file system's and the VM's
    // state more than on its work (its rounds of the same files ranged 0.35–3.4 s), and that state only adds time.
    const best = { copy: fastest(runs.copy), convert: fastest(runs.convert) };
    const ratio = best.convert.ms / best.copy.ms;
    const verdict = `≤ ${TARGET_RATIO}× cp -r: ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}`;
    return {
      rows: [
        row(`baseline cp -r of the same files (${ROUNDS} rounds)`, copy, runs.copy, '1×'),
        row(
          `convert --to v2 --out DIR, jobs ${os.availableParallelism()} (${ROUNDS} rounds)`,
          convert,
          runs.convert,
          `fastest ${ratio.toFixed(2)}×, medians ${medians.toFixed(2)}× (target ${verdict})`,
        ),
      ],
      figure: {
        figure: `convert: V1→V2, ${count.toLocaleString('en')} ${name} cards (${mb.toFixed(0)} MiB), fastest and median of ${ROUNDS} (load ${loadAtStart})`,
        // The first round is also the first call of the process: nothing is compiled yet (as in a CLI run).
        value: `${ms(best.convert)} / ${ms(convert)} ms (CPU ${ms({ ms: convert.cpuMs })} ms), peak RSS ${Math.round(convert.rssPeak / 1024 / 1024)} MiB; first round ${ms(runs.convert[0]!)} ms (cp -r ${ms(runs.copy[0]!)} ms)`,
        target: verdict,
        comparison: `cp -r ${ms(best.copy)} / ${ms(copy)} ms, CPU ${ms({ ms: copy.cpuMs })} ms (${ratio.toFixed(2)}× fastest, ${medians.toFixed(2)}× medians)`,
      },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<{ rows: Row[]; figures: Row[] }> {
  const png = await compare('png');
  const json = await compare('json');
  return { rows: [...png.rows, ...json.rows], figures: [png.figure, json.figure] };
}
