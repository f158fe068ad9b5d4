/**
 * The evaluations callers ask the sandbox for, each with the error that names its culprit when a limit stops it:
 * lorebook scans (preview, lore tests), turn plans (prompt assembly for test chats and the CLI) and PPE runs.
 */
import { createHash } from 'node:crypto';
import type { CancelSignal } from '../../shared/api/contract.ts';
import { cardBook, type NamedBook } from '../../shared/chat/turn.ts';
import type { Scenario, ScanResult, WorldInfoBook } from '../../shared/lorebook/model.ts';
import type { CallModel, LoadScript, RunLogEntry, RunPpeResult } from '../../shared/ppe/index.ts';
import { characterFromCard } from '../../shared/prompt/card.ts';
import { ppeLimitError, scanLimitError } from './limit-messages.ts';
import type { SandboxPool } from './pool.ts';
import type { CachedInput } from './pool.ts';
import type { PlanTask, SandboxPlan, ScanTiming } from './tasks.ts';

/** A prompt to assemble: the plan task with its library books as objects. */
export interface PlanRequest extends Omit<PlanTask, 'books'> {
  books?: NamedBook[];
}

export interface EvalOptions {
  /** Overrides the pool's limit for this evaluation (the CLI's --timeout). */
  timeoutMs?: number;
  signal?: CancelSignal;
}

/**
 * Books go to a worker once per content: each is sent as the key of its JSON's hash, with the book itself for the
 * pool to pass to a worker that lacks it. A worker then scans the same objects again, with their matchers compiled.
 */
function bookKey(book: WorldInfoBook, cache: Map<string, CachedInput>): string {
  const json = JSON.stringify(book);
  const key = createHash('sha1').update(json).digest('base64url');
  if (!cache.has(key)) cache.set(key, { value: book, chars: json.length });
  return key;
}

export async function scanInSandbox(
  pool: SandboxPool,
  turns: Scenario[],
  options: EvalOptions = {},
): Promise<ScanResult[]> {
  return (await timedScanInSandbox(pool, turns, 0, options)).results;
}

/** Scans, then `repeat` more times warm, timing them in the sandbox; the limit covers all the scans. */
export function timedScanInSandbox(
  pool: SandboxPool,
  turns: Scenario[],
  repeat: number,
  options: EvalOptions = {},
): Promise<{ results: ScanResult[]; timing?: ScanTiming }> {
  const books: Record<string, WorldInfoBook> = Object.assign({}, ...turns.map((t) => t.books));
  const first = turns[0];
  const names = { user: first?.user.name ?? '', char: first?.character.name ?? '' };
  const timeoutMs = (options.timeoutMs ?? pool.limits.scanMs) * (repeat + 1);
  const cache = new Map<string, CachedInput>();
  const keyed = turns.map((t) => ({
    ...t,
    books: Object.fromEntries(Object.entries(t.books).map(([name, book]) => [name, bookKey(book, cache)])),
  }));
  return pool.run(
    'scan',
    { turns: keyed, repeat },
    {
      ...options,
      cache,
      timeoutMs,
      diagnose: true,
      explain: (hit) => scanLimitError({ what: 'The World Info scan', books, names }, hit),
    },
  );
}

export function planInSandbox(pool: SandboxPool, task: PlanRequest, options: EvalOptions = {}): Promise<SandboxPlan> {
  const cache = new Map<string, CachedInput>();
  const books = task.books?.map((b) => ({ ...b, book: bookKey(b.book, cache) }));
  return pool.run('plan', { ...task, books } satisfies PlanTask, {
    ...options,
    cache,
    diagnose: true,
    explain: (hit) => {
      // Only on the failure path: the books as the plan scanned them, to find the entry behind a regex.
      const own = cardBook(task.card);
      const books = Object.fromEntries([...(own ? [own] : []), ...(task.books ?? [])].map((b) => [b.name, b.book]));
      const names = { user: task.persona.name, char: characterFromCard(task.card).name };
      const template = task.mode === 'text' ? task.jinja : undefined;
      return scanLimitError(
        {
          what: 'The prompt assembly (World Info scan and templates)',
          books,
          names,
          ...(template === undefined ? {} : { template }),
        },
        hit,
      );
    },
  });
}

export interface PpeRunRequest {
  document: string;
  input?: unknown;
  stepLimit?: number;
  scriptId?: string;
  loadScript: LoadScript;
  callModel?: CallModel;
  onLog?: (entry: RunLogEntry) => void;
}

export function ppeInSandbox(pool: SandboxPool, run: PpeRunRequest, options: EvalOptions = {}): Promise<RunPpeResult> {
  const { document, input, stepLimit, scriptId, loadScript, callModel, onLog } = run;
  return pool.run(
    'ppe',
    { document, input, stepLimit, scriptId, model: callModel !== undefined },
    {
      ...options,
      host: { loadScript: (id: string) => loadScript(id), ...(callModel ? { callModel } : {}) },
      ...(onLog ? { onProgress: (entry: unknown) => onLog(entry as RunLogEntry) } : {}),
      explain: (hit) => ppeLimitError(document, scriptId, hit),
    },
  );
}
