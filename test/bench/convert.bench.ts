// Batch V1→V2 conversion (issue 16): 2,000 PNG cards of ≈490 KiB, and 20,000 small JSON cards, each against `cp -r`
// of the same files measured in the same run, with the process's peak RSS (worker threads included). Target:
// conversion takes at most 1.5× as long as the copy.
import { execFile, execFileSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { encodeChunk } from '../../shared/card/index.ts';
import { convertFiles } from '../../electron/services/convert/index.ts';

const PNG_CARDS = 2_000;
const JSON_CARDS = 20_000;
const FOLDERS = 20;
const ROUNDS = 3;
// 512×326 RGB: ≈500 KB of image data, stored uncompressed because random pixels do not compress anyway.
const WIDTH = 512;
const HEIGHT = 326;
const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TARGET_RATIO = 1.5;

function v1Card(i: number): Record<string, unknown> {
  return {
    name: `Card ${i}`,
    description: `Card ${i} keeps the lighthouse at the edge of the map. 灯台守 🌊 `.repeat(12),
    personality: 'patient, dry humour, afraid of silence',
    scenario: `{{user}} washes ashore near lighthouse ${i}.`,
    first_mes: `*The lamp turns.* You're awake. Welcome to lighthouse ${i}.`,
    mes_example: '<START>\n{{user}}: Where am I?\n{{char}}: Somewhere the ships avoid.',
    // Real V1 exports carry tool-specific keys; they must survive the conversion.
    talkativeness: '0.5',
  };
}

function ihdr(): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, WIDTH);
  view.setUint32(4, HEIGHT);
  data.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, adaptive filtering, no interlace
  return data;
}

/** A real PNG: valid IDAT of incompressible pixels, and the V1 card as a base64 `chara` tEXt chunk. */
function pngCard(i: number): Uint8Array {
  const rowBytes = 1 + WIDTH * 3;
  const raw = new Uint8Array(rowBytes * HEIGHT);
  randomFillSync(raw);
  for (let y = 0; y < HEIGHT; y++) raw[y * rowBytes] = 0; // filter type "None" on every row
  const text = Buffer.concat([
    Buffer.from('chara\0', 'latin1'),
    Buffer.from(Buffer.from(JSON.stringify(v1Card(i))).toString('base64'), 'latin1'),
  ]);
  return Buffer.concat([
    PNG_SIGNATURE,
    encodeChunk('IHDR', ihdr()),
    encodeChunk('IDAT', deflateSync(raw, { level: 0 })),
    encodeChunk('tEXt', text),
    encodeChunk('IEND', new Uint8Array(0)),
  ]);
}

/** Writes `count` cards (PNG or JSON) into 20 folders; returns the bytes written. */
function generate(dir: string, count: number, kind: 'png' | 'json'): number {
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const folder = path.join(dir, `set-${i % FOLDERS}`);
    fs.mkdirSync(folder, { recursive: true });
    const data = kind === 'png' ? pngCard(i) : Buffer.from(JSON.stringify(v1Card(i), null, 2));
    fs.writeFileSync(path.join(folder, `card-${i}.${kind}`), data);
    bytes += data.length;
  }
  return bytes;
}

/** Flushes earlier writes to disk, so a phase does not pay for the previous one's writeback. */
function settle(): void {
  if (process.platform !== 'win32') execFileSync('sync');
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

function median(runs: Measured[]): Measured {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  return { ...sorted[Math.floor(sorted.length / 2)]!, rssPeak: Math.max(...runs.map((r) => r.rssPeak)) };
}

/** `cp -r` as the issue measures it (fs.cp where there is no cp). */
function copyTree(src: string, out: string): Promise<void> {
  if (process.platform === 'win32') return fs.promises.cp(src, out, { recursive: true });
  return new Promise((resolve, reject) => execFile('cp', ['-r', src, out], (e) => (e ? reject(e) : resolve())));
}

type Row = Record<string, string | number>;

function load(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
}

async function compare(name: string, count: number, kind: 'png' | 'json'): Promise<{ rows: Row[]; figure: Row }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lorewright-bench-convert-'));
  try {
    const src = path.join(dir, 'src');
    const bytes = generate(src, count, kind);
    const out = path.join(dir, 'out');
    const runs: Record<'copy' | 'convert', Measured[]> = { copy: [], convert: [] };
    const loadAtStart = load();
    // Alternate the two so neither always runs first; the median round of each is reported.
    for (let round = 0; round < ROUNDS; round++) {
      runs.copy.push(await timed(() => copyTree(src, out)));
      fs.rmSync(out, { recursive: true, force: true });
      runs.convert.push(
        await timed(async () => {
          const report = await convertFiles({ inputs: [src], to: 'v2', outDir: out });
          if (report.totals.converted !== count)
            throw new Error(`expected ${count} conversions, got ${JSON.stringify(report.totals)}`);
        }),
      );
      fs.rmSync(out, { recursive: true, force: true });
    }
    const mb = bytes / 1024 / 1024;
    const row = (what: string, m: Measured, vsCopy: string): Row => ({
      case: `${name}: ${what}`,
      cards: count,
      MiB: Number(mb.toFixed(1)),
      median_ms: Math.round(m.ms),
      cpu_ms: Math.round(m.cpuMs),
      cards_per_s: Math.round(count / (m.ms / 1000)),
      MiB_per_s: Number((mb / (m.ms / 1000)).toFixed(1)),
      rss_before_MiB: Math.round(m.rssStart / 1024 / 1024),
      peak_rss_MiB: Math.round(m.rssPeak / 1024 / 1024),
      vs_copy: vsCopy,
    });
    const copy = median(runs.copy);
    const convert = median(runs.convert);
    const ratio = convert.ms / copy.ms;
    const verdict = `≤ ${TARGET_RATIO}× cp -r: ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}`;
    return {
      rows: [
        row(`baseline cp -r of the same files (${ROUNDS} rounds)`, copy, '1×'),
        row(
          `convert --to v2 --out DIR, jobs ${os.availableParallelism()} (${ROUNDS} rounds)`,
          convert,
          `${ratio.toFixed(2)}× (target ${verdict})`,
        ),
      ],
      figure: {
        figure: `convert: V1→V2, ${count.toLocaleString('en')} ${name} cards (${mb.toFixed(0)} MiB), median of ${ROUNDS} (load ${loadAtStart})`,
        value: `${Math.round(convert.ms).toLocaleString('en')} ms (CPU ${Math.round(convert.cpuMs).toLocaleString('en')} ms), peak RSS ${Math.round(convert.rssPeak / 1024 / 1024)} MiB`,
        target: verdict,
        comparison: `cp -r ${Math.round(copy.ms).toLocaleString('en')} ms, CPU ${Math.round(copy.cpuMs).toLocaleString('en')} ms (${ratio.toFixed(2)}×)`,
      },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<{ rows: Row[]; figures: Row[] }> {
  const png = await compare('PNG ≈490 KiB', PNG_CARDS, 'png');
  const json = await compare('small JSON', JSON_CARDS, 'json');
  return { rows: [...png.rows, ...json.rows], figures: [png.figure, json.figure] };
}
