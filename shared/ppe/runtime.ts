// Executes a resolved script: the conversation (init section, `---` resets, deferred templates), directives,
// control flow, `[[…]]` replacements, chains and calls into other library scripts. Every instruction and loop
// turn costs a step from a budget shared by all scripts of one run, so nothing can loop forever.
import { evaluateArgs } from './args.ts';
import type { CallArgs } from './args.ts';
import { evaluateExpression } from './expr-eval.ts';
import type { ExprScope } from './expr-eval.ts';
import { ExprError } from './expr-parse.ts';
import { parseImports } from './imports.ts';
import type { Imports } from './imports.ts';
import { applyInputs, normalizeInputs } from './inputs.ts';
import { resolveScript } from './inherit.ts';
import type { LoadScript, ResolvedScript } from './inherit.ts';
import { STANDARD_ROLES } from './instructions.ts';
import { getPath, setPath } from './key-path.ts';
import { FnSource } from './located-yaml.ts';
import { matches, parsePattern, PatternError } from './match.ts';
import { parseReply, replyFormat, REQUEST_PARAM_KEYS, requestParams } from './model.ts';
import type { CallModel, ChatMessage, ChatRole, ModelRequest } from './model.ts';
import { checkOutput } from './output.ts';
import { classify } from './prefixes.ts';
import { findReplacements } from './replacements.ts';
import type { Choice, Replacement } from './replacements.ts';
import { SourceLocator } from './locate.ts';
import { templateUses } from './name-uses.ts';
import { PpeRunError } from './run-error.ts';
import { renderTemplate, TemplateError, templateFormatOf } from './templates.ts';
import type { TemplateFormat } from './templates.ts';
import type { ChainNode, DirectiveNode, Instruction, MessageNode, Pos } from './types.ts';
import { boundedStringify, checkString, LimitError, type SizeLimits } from './bounds.ts';
import { isObject } from '../util/is-object.ts';

export type RunLogEntry =
  | { kind: 'print'; text: string; script?: string; line?: number; column?: number }
  | { kind: 'request'; request: ModelRequest; script?: string }
  | { kind: 'response'; content: string; script?: string };

export interface RunSettings {
  callModel?: CallModel;
  loadScript: LoadScript;
  stepLimit: number;
  maxDepth: number;
  random: () => number;
  onLog?: (entry: RunLogEntry) => void;
  onStep?: (script: string | undefined, pos: Pos) => void;
  limits: SizeLimits;
}

/** State shared by the main script and every script it calls. */
export interface RunShared {
  settings: RunSettings;
  steps: number;
  /** Characters logged so far (printed text, model replies), held to the output limit. */
  output: number;
  requests: ModelRequest[];
  log: RunLogEntry[];
  /** Ids of the scripts being run, outermost first, for cycle detection. */
  stack: string[];
}

type Signal = 'break' | 'continue' | 'return' | undefined;

interface StoredMessage {
  role: ChatRole;
  /** Final text, or a template still to render when `deferred`. */
  text: string;
  deferred: boolean;
  /** Replacement results, spliced in after rendering so their text is never treated as a template. */
  subs: string[];
  /** Where the message was written, for an error when a deferred template renders later. */
  pos?: Pos;
}

const sentinel = (i: number): string => `\uE000${i}\uE001`;
const splice = (text: string, subs: string[]): string =>
  text.replace(/\uE000(\d+)\uE001/g, (_m, i: string) => subs[Number(i)] ?? '');
const AI_CONTROL_KEYS = new Set(['pushMessage', 'shouldAppendResponse', 'stream', 'aborter']);
const UNSUPPORTED = new Set(['tool', 'pipe', 'on', 'once', 'emit', 'off', 'abort']);
const asText = (v: unknown, limits: SizeLimits): string =>
  v === undefined || v === null ? '' : typeof v === 'object' ? (boundedStringify(v, limits) ?? '') : String(v);
/** Variables and prompt fields live in objects without a prototype: no key, `__proto__` included, reaches Object.prototype. */
const bare = (from: Record<string, unknown> = {}): Record<string, unknown> =>
  Object.assign(Object.create(null) as Record<string, unknown>, from);

export class ScriptRun {
  private readonly script: ResolvedScript;
  private readonly shared: RunShared;
  private readonly vars: Record<string, unknown>;
  private readonly prompt: Record<string, unknown>;
  private readonly params: Record<string, unknown>;
  private readonly format: TemplateFormat;
  private readonly imports: Imports;
  private latest: unknown;
  /** A model answer or local pick happened in the current dialogue (so no end-of-script auto call). */
  private answered = false;
  private init: StoredMessage[] | undefined;
  private dialogue: StoredMessage[] = [];
  private returnValue: unknown;
  private pos: Pos | undefined;
  /** A place inside the current instruction (a `[[…]]`) that errors point at instead of its start. */
  private focus: Pos | undefined;
  private readonly locator: SourceLocator;

  constructor(script: ResolvedScript, shared: RunShared, vars: Record<string, unknown>) {
    this.script = script;
    this.locator = new SourceLocator(script.source);
    this.shared = shared;
    this.vars = vars;
    const fm = script.frontMatter;
    const prompt = bare(isObject(fm['prompt']) ? fm['prompt'] : {});
    const initial = Array.isArray(prompt['messages']) ? prompt['messages'] : [];
    delete prompt['messages'];
    this.prompt = prompt;
    this.params = bare(isObject(fm['parameters']) ? fm['parameters'] : {});
    const format = templateFormatOf(fm['templateFormat']);
    if (!format) throw this.error('template', `Unknown templateFormat "${String(fm['templateFormat'])}"`);
    this.format = format;
    this.imports = parseImports(fm['import']);
    for (const m of initial) {
      if (isObject(m) && STANDARD_ROLES.has(String(m['role'])))
        this.dialogue.push({
          role: m['role'] as ChatRole,
          text: asText(m['content'], shared.settings.limits),
          deferred: true,
          subs: [],
        });
    }
  }

  /** Runs the body, then the end-of-script model call when one is due; returns the script's result. */
  async run(): Promise<unknown> {
    const signal = await this.block(this.script.body, false);
    if (signal === 'return') return this.returnValue;
    const last = this.conversation().at(-1);
    if (
      this.script.frontMatter['autoRunLLMIfPromptAvailable'] !== false &&
      !this.answered &&
      last &&
      last.role !== 'assistant'
    ) {
      this.latest = await this.ai({});
    }
    return this.latest;
  }

  messages(): ChatMessage[] {
    return this.formatted(this.data());
  }

  // ---- errors, steps, scope ----

  private error(code: PpeRunError['code'], message: string): PpeRunError {
    return new PpeRunError(code, message, this.focus ?? this.pos, this.script.id);
  }

  /** An error at character `offset` of `text`, a value written at (or after) `from` in this script's source. */
  private errorIn(
    code: PpeRunError['code'],
    message: string,
    text: string,
    offset: number,
    from = this.focus ?? this.pos,
  ): PpeRunError {
    return new PpeRunError(code, message, from && this.locator.at(from, text, offset), this.script.id);
  }

  /** Moves to `pos`, telling the host (which places a run stopped by a limit there). */
  private at(pos: Pos): void {
    this.pos = pos;
    this.focus = undefined;
    this.shared.settings.onStep?.(this.script.id, pos);
  }

  private tick(pos: Pos): void {
    this.at(pos);
    if (++this.shared.steps > this.shared.settings.stepLimit) {
      throw this.error(
        'step-limit',
        `Step limit of ${this.shared.settings.stepLimit} exceeded; the script may loop forever`,
      );
    }
  }

  /** Template data by priority: call data > prompt > variables. */
  private data(extra: Record<string, unknown> = {}): Record<string, unknown> {
    return { ...this.vars, LatestResult: this.latest, ...this.prompt, prompt: this.prompt, ...extra };
  }

  private scope(): ExprScope {
    const data = this.data();
    return {
      has: (name) => Object.hasOwn(data, name),
      get: (name) => data[name],
      random: this.shared.settings.random,
      limits: this.shared.settings.limits,
    };
  }

  private text(v: unknown): string {
    return asText(v, this.shared.settings.limits);
  }

  private expr(src: string): unknown {
    try {
      return evaluateExpression(src, this.scope());
    } catch (e) {
      if (e instanceof ExprError) throw this.errorIn('expression', `Expression "${src}": ${e.message}`, src, e.where);
      throw e;
    }
  }

  /** `at`: where a deferred message was written; the error points at the unknown function or the first tag. */
  private render(text: string, data = this.data(), format = this.format, at?: Pos): string {
    try {
      const out = renderTemplate(text, data, format, this.shared.settings.limits);
      checkString(out.length, this.shared.settings.limits, 'The template');
      return out;
    } catch (e) {
      if (!(e instanceof TemplateError)) throw e;
      const call = /not a function/.test(e.message) ? templateUses(text).find((u) => u.call) : undefined;
      const offset = call?.index ?? Math.max(0, text.search(/\{[{%]/));
      throw this.errorIn('template', call ? `${e.message} (${call.name})` : e.message, text, offset, at);
    }
  }

  /** A directive value: `?=` expressions, `~` raw and `!` immediate strings, recursively; other strings as written. */
  private resolve(value: unknown): unknown {
    if (value instanceof FnSource)
      throw this.error('unsupported', `${value.tag} functions are JavaScript, which Lorewright does not run`);
    if (typeof value === 'string') {
      const p = classify(value);
      if (p.mode === 'expression') {
        const v = this.expr(p.text);
        return typeof v === 'string' && v.startsWith('!') ? this.render(v.slice(1)) : v;
      }
      if (p.mode === 'raw') return p.text;
      // A lone "!" is punctuation, not an empty immediate template.
      if (p.mode === 'immediate' && value.length > 1) return this.render(p.text);
      return value;
    }
    if (Array.isArray(value)) return value.map((v) => this.resolve(v));
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.resolve(v)]));
    return value;
  }

  private args(text: string | undefined): CallArgs {
    try {
      return evaluateArgs(text, this.scope());
    } catch (e) {
      if (e instanceof ExprError)
        throw this.errorIn('expression', `Arguments "${text}": ${e.message}`, text ?? '', e.where);
      throw e;
    }
  }

  /** The single argument of a directive: its YAML value, or what its `(…)` holds. */
  private directiveArg(node: DirectiveNode): unknown {
    if (node.value) return this.resolve(node.value.value);
    if (node.callArgs === undefined) return undefined;
    const { positional, named } = this.args(node.callArgs);
    return positional.length === 1 && Object.keys(named).length === 0
      ? positional[0]
      : Object.keys(named).length
        ? { ...named, ...positional }
        : positional[0];
  }

  // ---- instructions ----

  private async block(nodes: Instruction[], inLoop: boolean): Promise<Signal> {
    for (const node of nodes) {
      const signal = await this.exec(node, inLoop);
      if (signal) return signal;
    }
    return undefined;
  }

  private async exec(node: Instruction, inLoop: boolean): Promise<Signal> {
    this.tick(node.range.start);
    try {
      return await this.execNode(node, inLoop);
    } catch (e) {
      if (e instanceof LimitError) throw this.error('output-limit', e.message);
      throw e;
    }
  }

  private async execNode(node: Instruction, inLoop: boolean): Promise<Signal> {
    switch (node.kind) {
      case 'function':
        return undefined; // kept, reported by the checker, never run
      case 'separator':
        if (this.init === undefined) this.init = this.dialogue;
        this.dialogue = [];
        this.answered = false;
        return undefined;
      case 'message':
        await this.message(node);
        return undefined;
      case 'chain':
        this.latest = await this.chain(node);
        return undefined;
      case 'unknown':
        throw this.error(
          'unknown-key',
          `Unknown key "${node.key}": not a role (system, user, assistant) or a $directive`,
        );
      case 'directive':
        return this.directive(node, inLoop);
    }
  }

  private async directive(node: DirectiveNode, inLoop: boolean): Promise<Signal> {
    switch (node.name) {
      case 'if': {
        const branch = this.truthy(await this.condition(node)) ? node.then : node.else;
        return branch ? this.block(branch, inLoop) : undefined;
      }
      case 'while':
        return this.loop(node, async function* (run) {
          while (run.truthy(await run.condition(node))) yield undefined;
        });
      case 'for':
        return this.loop(node, (run) => run.forItems(node));
      case 'match':
        return this.match(node, inLoop);
      case 'break':
      case 'continue':
        if (!inLoop) throw this.error('loop-control-outside-loop', `$${node.name} outside a $while or $for loop`);
        return node.name;
      case 'ret':
        this.returnValue = node.value || node.callArgs !== undefined ? this.directiveArg(node) : this.latest;
        return 'return';
      case 'set':
        // Entries are set in order, so `{i: ?=i+1, total: ?=total+i}` sees the new `i`.
        if (isObject(node.value?.value)) {
          for (const [path, v] of Object.entries(node.value.value)) this.set({ [path]: this.resolve(v) });
          return undefined;
        }
        await this.call(node.name, () => this.directiveArg(node));
        return undefined;
      default:
        await this.call(node.name, () => this.directiveArg(node));
        return undefined;
    }
  }

  /** Directives that take one argument; used by `$x: v`, `$x(args)` and chain steps. */
  private async call(name: string, arg: () => unknown): Promise<void> {
    switch (name) {
      case 'AI':
        this.latest = await this.ai(arg());
        return;
      case 'echo':
        this.latest = arg();
        return;
      case 'print':
        this.print(arg());
        return;
      case 'set':
        this.set(arg());
        return;
      case 'get':
        this.latest = this.get(arg());
        return;
      case 'format':
        this.latest = this.formatDirective(arg());
        return;
      case 'prompt':
        Object.assign(this.prompt, isObject(arg()) ? arg() : {});
        return;
      case 'parameters':
        Object.assign(this.params, isObject(arg()) ? arg() : {});
        return;
      case 'exec':
        this.latest = await this.exec$(arg());
        return;
    }
    const imported = this.imports.scripts.get(name);
    if (imported) {
      const a = arg();
      this.latest = await this.runScript(imported, isObject(a) ? a : a === undefined ? {} : { content: a }, []);
      return;
    }
    if (UNSUPPORTED.has(name)) throw this.error('unsupported', `$${name} is not run by Lorewright`);
    throw this.error('unknown-directive', `Unknown directive $${name}`);
  }

  private async condition(node: DirectiveNode): Promise<unknown> {
    const raw = node.value?.value;
    if (isObject(raw)) {
      // `{$fn: args}`: the directive's result decides.
      const [key, value] = Object.entries(raw)[0] ?? [];
      if (key?.startsWith('$')) {
        await this.call(key.slice(1), () => this.resolve(value));
        return this.latest;
      }
    }
    // Condition strings are expressions as written: `!done` negates rather than formatting.
    if (typeof raw === 'string') return this.expr(raw.replace(/^\?=/, ''));
    const cond = this.directiveArg(node);
    return typeof cond === 'string' ? this.expr(cond) : cond;
  }

  private truthy(v: unknown): boolean {
    return Array.isArray(v) ? v.length > 0 : Boolean(v);
  }

  private async loop(
    node: DirectiveNode,
    turns: (run: this) => AsyncGenerator<Record<string, unknown> | undefined> | Generator<Record<string, unknown>>,
  ): Promise<Signal> {
    if (!node.do) throw this.error('unknown-directive', `$${node.name} needs a "do:" block`);
    for await (const bindings of turns(this)) {
      this.tick(node.range.start);
      Object.assign(this.vars, bindings);
      const signal = await this.block(node.do, true);
      if (signal === 'break') break;
      if (signal === 'return') return signal;
    }
    return undefined;
  }

  /** `$for` items: N (1..N), `{start, end, step}` (end included), an array, an object, or an expression string for one. */
  private *forItems(node: DirectiveNode): Generator<Record<string, unknown>> {
    const raw = node.value?.value;
    let items = typeof raw === 'string' ? this.expr(raw.replace(/^\?=/, '')) : this.directiveArg(node);
    if (typeof items === 'string') items = this.expr(items);
    const as = isObject(node.as?.value) ? node.as.value : {};
    const indexName = typeof as['index'] === 'string' ? as['index'] : 'index';
    const valueName = typeof as['value'] === 'string' ? as['value'] : 'value';
    const bind = (index: unknown, value: unknown): Record<string, unknown> => ({
      [indexName]: index,
      [valueName]: value,
    });
    if (typeof items === 'number') items = { start: 1, end: items, step: 1 };
    if (Array.isArray(items)) {
      for (const [i, v] of items.entries()) yield bind(i, v);
    } else if (isObject(items) && typeof items['end'] === 'number') {
      const start = Number(items['start'] ?? 0);
      const step = Number(items['step'] ?? 1);
      if (!(step > 0)) throw this.error('expression', '$for step must be a positive number');
      for (let v = start, i = 0; v <= items['end']; v += step, i++) yield bind(i, v);
    } else if (isObject(items)) {
      for (const [k, v] of Object.entries(items)) yield bind(k, v);
    } else throw this.error('expression', '$for needs a number, a list, an object or {start, end, step}');
  }

  private async match(node: DirectiveNode, inLoop: boolean): Promise<Signal> {
    const { positional } = this.args(node.callArgs);
    const cond = node.callArgs?.trim() ? positional[0] : this.latest;
    const allMatches = positional[1] === true;
    this.vars['COND__'] = cond;
    for (const arm of node.arms ?? []) {
      this.at(arm.range.start);
      let pattern;
      try {
        pattern = parsePattern(arm.pattern);
      } catch (e) {
        if (e instanceof PatternError)
          throw this.error(
            e.unsupported ? 'unsupported' : 'match-pattern',
            `$match arm ":${arm.pattern}": ${e.message}`,
          );
        throw e;
      }
      if (!matches(pattern, cond)) continue;
      const signal = await this.block(arm.body, inLoop);
      if (signal || !allMatches) return signal;
    }
    return undefined;
  }

  private print(value: unknown): void {
    const v = value === undefined ? this.latest : value;
    const text = typeof v === 'string' ? this.render(v) : this.text(v);
    this.log({ kind: 'print', text, script: this.script.id, line: this.pos?.line, column: this.pos?.column });
  }

  private set(value: unknown): void {
    if (!isObject(value)) throw this.error('expression', '$set needs a mapping of variable paths to values');
    for (const [path, v] of Object.entries(value))
      setPath(path.split('.')[0]! in this.prompt ? this.prompt : this.vars, path, v);
  }

  private get(value: unknown): unknown {
    const data = this.data();
    const paths = Array.isArray(value) ? value.map(String) : [String(value)];
    return Object.fromEntries(paths.map((p) => [p, getPath(data, p)]));
  }

  private formatDirective(value: unknown): string {
    if (typeof value === 'string') return this.render(value);
    if (!isObject(value) || typeof value['template'] !== 'string')
      throw this.error('expression', '$format needs a template string or {template, data, templateFormat}');
    const format = templateFormatOf(value['templateFormat']);
    if (!format) throw this.error('template', `Unknown templateFormat "${String(value['templateFormat'])}"`);
    return this.render(value['template'], this.data(isObject(value['data']) ? value['data'] : {}), format);
  }

  private async exec$(value: unknown): Promise<unknown> {
    if (!isObject(value)) throw this.error('expression', '$exec needs {id, args}');
    const id = value['id'] ?? value['filename'];
    if (typeof id !== 'string')
      throw this.error('expression', '$exec needs an "id" (or "filename") naming a library script');
    const args = value['args'];
    return this.runScript(
      id.replace(/\.ai\.ya?ml$/, ''),
      isObject(args) ? args : args === undefined ? {} : { content: args },
      [],
    );
  }

  // ---- chains and script calls ----

  private async chain(node: ChainNode): Promise<unknown> {
    let prev = this.latest;
    for (const step of node.steps) {
      this.at(step.pos);
      if (step.target.startsWith('$')) {
        this.latest = prev;
        const name = step.target.slice(1);
        await this.call(name, () => (step.args === undefined ? prev : this.argValue(this.args(step.args))));
        prev = this.latest;
      } else {
        const { positional, named } = this.args(step.args);
        prev = await this.runScript(
          step.target,
          { ...(isObject(prev) ? prev : { content: prev }), ...named },
          positional,
        );
      }
    }
    return prev;
  }

  private argValue({ positional, named }: CallArgs): unknown {
    return Object.keys(named).length ? { ...named, ...positional } : positional[0];
  }

  private async runScript(id: string, input: Record<string, unknown>, positional: unknown[]): Promise<unknown> {
    const { stack, settings } = this.shared;
    if (stack.includes(id)) throw this.error('exec-cycle', `Script calls loop: ${[...stack, id].join(' → ')}`);
    if (stack.length >= settings.maxDepth)
      throw this.error('call-depth', `Scripts call each other more than ${settings.maxDepth} levels deep`);
    const text = await settings.loadScript(id);
    if (text === undefined) throw this.error('missing-script', `Script "${id}" is not in the library`);
    const resolved = await resolveScript(text, id, settings.loadScript);
    try {
      return (await executeScript(resolved, this.shared, input, positional)).output;
    } catch (e) {
      // A called script's own inputs or result are wrong: the call is the place to fix that.
      if (e instanceof PpeRunError && e.line === undefined) {
        e.script = undefined;
        throw e.at(this.focus ?? this.pos, this.script.id);
      }
      throw e;
    }
  }

  // ---- messages ----

  private conversation(): StoredMessage[] {
    return [...(this.init ?? []), ...this.dialogue];
  }

  private formatted(data: Record<string, unknown>): ChatMessage[] {
    return this.conversation().map((m) => ({
      role: m.role,
      content: m.deferred ? splice(this.render(m.text, data, this.format, m.pos), m.subs) : m.text,
    }));
  }

  private async message(node: MessageNode): Promise<void> {
    if (node.targets !== undefined || !STANDARD_ROLES.has(node.role)) {
      throw this.error(
        'unsupported',
        `Group chat ("${node.role}${node.targets === undefined ? '' : `[${node.targets}]`}") is not run by Lorewright`,
      );
    }
    const p = classify(node.text);
    if (p.mode === 'edit') {
      const stored = await this.store(
        p.role === undefined ? 'user' : (p.role as ChatRole),
        p.text,
        p.immediate ? 'immediate' : 'deferred',
      );
      this.edit(p.op, p.index, p.role, stored.message);
      this.latest = stored.value;
      return;
    }
    let text = p.text;
    let mode = p.mode;
    if (mode === 'expression') {
      text = this.text(this.expr(p.text));
      mode = text.startsWith('!') ? 'immediate' : 'raw';
      if (mode === 'immediate') text = text.slice(1);
    }
    const stored = await this.store(node.role as ChatRole, text, mode);
    this.dialogue.push(stored.message);
    this.latest = stored.value;
  }

  /** Builds a message: `[[…]]` are resolved now (eagerly, in order); templates now or at send time. */
  private async store(
    role: ChatRole,
    text: string,
    mode: 'raw' | 'immediate' | 'deferred',
  ): Promise<{ message: StoredMessage; value: unknown }> {
    if (mode === 'raw') return { message: { role, text, deferred: false, subs: [] }, value: text };
    const subs: string[] = [];
    let template = '';
    let from = 0;
    let answer: unknown;
    for (const found of findReplacements(text)) {
      this.focus = this.pos && this.locator.at(this.pos, text, found.start);
      if (!found.replacement) throw this.error('replacement-syntax', found.error ?? 'bad [[…]]');
      const value = await this.replace(found.replacement);
      this.focus = undefined;
      if (found.replacement.kind === 'ai') answer = value.answer;
      template += text.slice(from, found.start) + sentinel(subs.length);
      subs.push(value.text);
      from = found.end;
    }
    template += text.slice(from);
    const content = splice(this.render(template), subs);
    const message =
      mode === 'immediate'
        ? { role, text: content, deferred: false, subs: [] }
        : { role, text: template, deferred: true, subs, pos: this.pos };
    return { message, value: answer === undefined ? content : answer };
  }

  private edit(
    op: 'replace' | 'insert',
    index: number | undefined,
    role: string | undefined,
    message: StoredMessage,
  ): void {
    const list = this.dialogue;
    if (op === 'insert') {
      const at =
        index === undefined
          ? list.length
          : index < 0
            ? Math.max(0, list.length + index + 1)
            : Math.min(index, list.length);
      list.splice(at, 0, message);
      return;
    }
    const at = index === undefined ? list.length - 1 : index < 0 ? list.length + index : index;
    const target = list[at];
    if (!target) throw this.error('expression', `No message at index ${index ?? -1} to replace`);
    list[at] = { ...message, role: role === undefined ? target.role : message.role };
  }

  private async replace(r: Replacement): Promise<{ text: string; answer?: unknown }> {
    switch (r.kind) {
      case 'regex': {
        const source = this.text(getPath(this.data(), r.source));
        let re: RegExp;
        try {
          re = new RegExp(r.pattern, r.flags);
        } catch (e) {
          throw this.error('replacement-syntax', `Regular expression /${r.pattern}/: ${(e as Error).message}`);
        }
        const m = re.exec(source);
        if (!m) return { text: source };
        const group =
          r.group === undefined ? (m.length > 1 ? 1 : 0) : /^\d+$/.test(r.group) ? Number(r.group) : r.group;
        return { text: this.text(typeof group === 'number' ? m[group] : m.groups?.[group]) };
      }
      case 'call': {
        const { positional, named } = this.args(r.args);
        if (r.target.startsWith('$')) {
          const before = this.latest;
          await this.call(r.target.slice(1), () => this.argValue({ positional, named }));
          const result = this.latest;
          this.latest = before;
          return { text: this.text(result) };
        }
        return { text: this.text(await this.runScript(r.target, named, positional)) };
      }
      case 'ai': {
        const answer = r.choice?.random ? this.pick(r.choice) : await this.generate(r.params, r.choice);
        this.prompt[r.name] = answer;
        this.answered = true;
        return { text: answer, answer };
      }
    }
  }

  private pick(choice: Choice): string {
    const pool = [...choice.items];
    const count =
      choice.max > 1 ? 1 + Math.floor(this.shared.settings.random() * Math.min(choice.max, pool.length)) : 1;
    const picked: string[] = [];
    while (picked.length < count && pool.length)
      picked.push(pool.splice(Math.floor(this.shared.settings.random() * pool.length), 1)[0]!);
    return picked.join(', ');
  }

  /** `[[VAR:params]]`: one model call on the conversation so far; a choice list is asked for and checked. */
  private async generate(paramText: string | undefined, choice: Choice | undefined): Promise<string> {
    const { positional, named } = this.args(paramText);
    const params: Record<string, unknown> = { ...named };
    // A bare name takes the variable's value: `[[title:max_tokens=len, temperature]]`.
    for (const [i, text] of (paramText ?? '').split(',').entries()) {
      const name = text.trim();
      if (/^[A-Za-z_]\w*$/.test(name)) params[name] = positional[i] === name ? undefined : getPath(this.data(), name);
    }
    const messages = this.messages();
    if (choice) askForChoice(messages, choice);
    const reply = await this.request(messages, params);
    return choice ? this.checkChoice(reply, choice) : reply;
  }

  private checkChoice(reply: string, choice: Choice): string {
    const clean = (s: string): string =>
      s
        .trim()
        .replace(/^["'`*\s]+|["'`*.!\s]+$/g, '')
        .toLowerCase();
    const parts = choice.max > 1 ? reply.split(/[,\n]/) : [reply];
    const picked = parts
      .map((p) => choice.items.find((item) => item.toLowerCase() === clean(p)))
      .filter((x): x is string => !!x);
    if (picked.length) return picked.slice(0, choice.max).join(', ');
    const mentioned = choice.items.filter((item) =>
      new RegExp(`\\b${item.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(reply),
    );
    // A reply naming more items than allowed (e.g. one that echoes the list) is no choice.
    if (mentioned.length && mentioned.length <= choice.max) return mentioned.join(', ');
    throw this.error(
      'choice',
      `The model answered ${JSON.stringify(reply)}, which is not one of: ${choice.items.join(', ')}`,
    );
  }

  /** `$AI`: model parameters, `pushMessage`/`shouldAppendResponse`, and any other key as template data. */
  private async ai(arg: unknown): Promise<unknown> {
    const options = isObject(arg) ? arg : {};
    const params: Record<string, unknown> = {};
    const data: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(options)) {
      if (REQUEST_PARAM_KEYS.has(k)) params[k] = v;
      else if (!AI_CONTROL_KEYS.has(k)) data[k] = v;
    }
    const messages = this.formatted(this.data(data));
    const last = this.conversation().at(-1);
    const shouldAppend = options['shouldAppendResponse'];
    // add_generation_prompt: false continues a last assistant message (sent as a prefill) instead of adding one.
    const append =
      shouldAppend === true ||
      (shouldAppend !== false &&
        (this.prompt['add_generation_prompt'] !== false || !last || last.role !== 'assistant' || last.text === ''));
    const reply = await this.request(messages, params);
    if (options['pushMessage'] !== false) {
      if (append || !last) this.dialogue.push({ role: 'assistant', text: reply, deferred: false, subs: [] });
      else Object.assign(last, { text: reply, deferred: false, subs: [] });
    }
    this.answered = true;
    const merged = { ...this.params, ...params };
    const value = parseReply(reply, this.replyFormat(merged), this.script.frontMatter['forceJson']);
    this.prompt['RESPONSE'] = value;
    return value;
  }

  private replyFormat(params: Record<string, unknown>): 'text' | 'json' | 'yaml' {
    const format = replyFormat(params);
    if (format === 'nobj') throw this.error('unsupported', 'response_format "nobj" is not run by Lorewright');
    return format;
  }

  private async request(messages: ChatMessage[], params: Record<string, unknown>): Promise<string> {
    const callModel = this.shared.settings.callModel;
    if (!callModel) throw this.error('no-model', 'This script calls a model, but no model connection was given');
    const request: ModelRequest = { messages, ...requestParams({ ...this.params, ...params }) };
    this.shared.requests.push(request);
    this.log({ kind: 'request', request, script: this.script.id });
    const response = await callModel(request);
    const content = typeof response?.content === 'string' ? response.content : '';
    this.log({ kind: 'response', content, script: this.script.id });
    return content;
  }

  private log(entry: RunLogEntry): void {
    // Everything a run logs is kept and sent on: together it stays under the output limit.
    this.shared.output +=
      entry.kind === 'print' ? entry.text.length : entry.kind === 'response' ? entry.content.length : 0;
    if (this.shared.output > this.shared.settings.limits.maxOutput)
      throw this.error(
        'output-limit',
        `The run's output (printed text and model replies) went over ${this.shared.settings.limits.maxOutput} characters`,
      );
    this.shared.log.push(entry);
    this.shared.settings.onLog?.(entry);
  }
}

/** Asks for one (or up to `max`) of the items by appending an instruction to the last user message of the request. */
function askForChoice(messages: ChatMessage[], choice: Choice): void {
  const list = choice.items.join(', ');
  const ask =
    choice.max > 1
      ? `Answer with 1 to ${choice.max} of these, separated by commas: ${list}.`
      : `Answer with exactly one of: ${list}.`;
  const lastUser = messages.findLast((m) => m.role === 'user');
  if (lastUser) lastUser.content = `${lastUser.content}\n\n${ask}`;
  else messages.push({ role: 'user', content: ask });
}

/** Runs a resolved script with its inputs; its `output` schema is checked on the result. */
export async function executeScript(
  script: ResolvedScript,
  shared: RunShared,
  input: unknown,
  positional: unknown[],
): Promise<{ output: unknown; run: ScriptRun }> {
  shared.stack.push(script.id ?? '(script)');
  try {
    const fm = script.frontMatter;
    let vars: Record<string, unknown>;
    try {
      vars = applyInputs(normalizeInputs(fm['input']), fm, input, positional);
    } catch (e) {
      throw e instanceof PpeRunError ? e.at(undefined, script.id) : e;
    }
    const run = new ScriptRun(script, shared, vars);
    let output;
    try {
      output = await run.run();
    } catch (e) {
      throw e instanceof LimitError ? new PpeRunError('output-limit', e.message, undefined, script.id) : e;
    }
    try {
      checkOutput(fm['output'], output);
    } catch (e) {
      throw e instanceof PpeRunError ? e.at(undefined, script.id) : e;
    }
    return { output, run };
  } finally {
    shared.stack.pop();
  }
}
