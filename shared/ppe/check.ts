// checkPpe: every problem a script has before it runs, each with a code, a severity and a 1-based position.
// Constructs outside Lorewright's subset are warnings ("not run by Lorewright"), not errors.
import { nestedQuantifier } from '../util/redos.ts';
import { parseExpression, ExprError } from './expr-parse.ts';
import { checkFrontMatterSchema } from './front-matter-schema.ts';
import { parseImports } from './imports.ts';
import type { Imports } from './imports.ts';
import { entriesOf, entryOf, FnSource, itemsOf } from './located-yaml.ts';
import { SourceLocator } from './locate.ts';
import { parsePattern, PatternError } from './match.ts';
import { parsePpe } from './parse.ts';
import { classify } from './prefixes.ts';
import { findReplacements } from './replacements.ts';
import { templateProblem } from './templates.ts';
import { CHAR_TYPE_ID, CHAR_TYPE_SCRIPT } from './char-type.ts';
import { normalizeInputs } from './inputs.ts';
import { expressionUses, templateUses } from './name-uses.ts';
import type { NameUse } from './name-uses.ts';
import { templateFormatOf } from './templates.ts';
import type {
  ChainNode,
  Diagnostic,
  DiagnosticCode,
  DirectiveNode,
  Instruction,
  MessageNode,
  Pos,
  Severity,
  YamlNode,
} from './types.ts';

export interface CheckOptions {
  /** Whether the library holds a script with this id. Omit to skip reference checks (or give loadScript). */
  scriptExists?: (id: string) => boolean;
  /**
   * The text of a library script: a `type:` parent's variables count as defined. Without it, a script with a
   * library parent is not checked for undefined variables.
   */
  loadScript?: (id: string) => string | undefined;
}

/** The directives Lorewright runs (the editor's completions offer the same list). */
export const DIRECTIVES = [
  'AI',
  'set',
  'get',
  'if',
  'while',
  'for',
  'break',
  'continue',
  'ret',
  'echo',
  'print',
  'format',
  'prompt',
  'parameters',
  'match',
  'exec',
] as const;

const KNOWN: ReadonlySet<string> = new Set(DIRECTIVES);
const UNSUPPORTED_DIRECTIVES = new Set(['tool', 'pipe', 'on', 'once', 'emit', 'off', 'abort']);
const UNSUPPORTED_KEYS: Record<string, string> = {
  tools: 'autonomous tool calls',
  permissions: 'tool permissions',
  roles: 'group chat',
  shouldThink: 'thinking modes',
  keepThinking: 'thinking modes',
};
const MARKER_TYPES = new Set(['type', 'lib', 'script']);
const BLOCK_KEYS = new Set(['then', 'else', 'do', 'as']);
const NOT_RUN = 'not run by Lorewright';
/** Variables every run defines: the last result, the prompt object and its last model answer, the $match subject. */
const BUILT_IN_NAMES = ['LatestResult', 'prompt', 'RESPONSE', 'COND__'];

interface PendingUse extends NameUse {
  context: 'template' | 'expression';
  pos: Pos;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

class Checker {
  readonly out: Diagnostic[] = [];
  private readonly locator: SourceLocator;
  private readonly exists: (id: string) => boolean;
  private readonly options: CheckOptions;
  private readonly lineage: string[];
  private imports: Imports = { scripts: new Map(), foreign: [] };
  readonly fnNames = new Set<string>();
  /** Every variable the script (or a parent type) gives a value anywhere: uses are checked once all are known. */
  readonly defined = new Set(BUILT_IN_NAMES);
  private readonly uses: PendingUse[] = [];
  /** False when a parent type cannot be read, so its variables are unknown. */
  namesKnown = true;
  private hfTemplates = true;

  constructor(text: string, options: CheckOptions, lineage: string[] = []) {
    this.locator = new SourceLocator(text);
    this.options = options;
    this.lineage = lineage;
    const load = options.loadScript;
    this.exists = options.scriptExists ?? (load ? (id) => load(id) !== undefined : () => true);
  }

  /** Warns early about a regex that can run for ages on a near-miss text (the run would hit its time limit). */
  backtracking(source: string, pos: Pos): void {
    const nested = nestedQuantifier(source);
    if (nested)
      this.add(
        'catastrophic-regex',
        'warning',
        `Regular expression /${source}/ can backtrack catastrophically: ${nested} repeats a repetition; rewrite it without nested quantifiers`,
        pos,
      );
  }

  add(
    code: DiagnosticCode,
    severity: Severity,
    message: string,
    pos: Pos,
    extra?: Pick<Diagnostic, 'args' | 'endLine' | 'endColumn'>,
  ): void {
    this.out.push({ code, severity, message, line: pos.line, column: pos.column, ...extra });
  }

  frontMatter(data: Record<string, unknown>, node: YamlNode | undefined, start: Pos): void {
    this.out.push(...checkFrontMatterSchema(data, node, start));
    this.frontMatterNames(data);
    const posOf = (key: string): Pos => (node && entryOf(node, key)?.pos) ?? start;
    const keyPosOf = (key: string): Pos => node?.entries?.find((e) => e.key === key)?.keyPos ?? start;
    const type = data['type'];
    if (typeof type === 'string' && !MARKER_TYPES.has(type) && type !== CHAR_TYPE_ID && !this.exists(type)) {
      this.add('missing-script', 'error', `Type "${type}" is not a script in the library`, posOf('type'));
    }
    this.imports = parseImports(data['import']);
    for (const spec of this.imports.foreign)
      this.add(
        'unsupported',
        'warning',
        `import "${spec}": JavaScript and other code imports are ${NOT_RUN}`,
        keyPosOf('import'),
      );
    for (const id of this.imports.scripts.values()) {
      if (!this.exists(id))
        this.add('missing-script', 'error', `Imported script "${id}" is not in the library`, keyPosOf('import'));
    }
    for (const [key, what] of Object.entries(UNSUPPORTED_KEYS)) {
      if (key in data) this.add('unsupported', 'warning', `${key}: ${what} is ${NOT_RUN}`, keyPosOf(key));
    }
  }

  /** Every front-matter key is a variable's default; inputs and prompt fields are variables; so are a parent's. */
  private frontMatterNames(data: Record<string, unknown>): void {
    const prompt = data['prompt'];
    for (const name of [
      ...Object.keys(data),
      ...normalizeInputs(data['input']).map((s) => s.name),
      ...(isRecord(prompt) ? Object.keys(prompt) : []),
    ])
      this.defined.add(name);
    this.hfTemplates = templateFormatOf(data['templateFormat']) === 'hf';
    const type = data['type'];
    if (typeof type !== 'string' || MARKER_TYPES.has(type) || this.lineage.includes(type)) return;
    const parentText = this.options.loadScript?.(type) ?? (type === CHAR_TYPE_ID ? CHAR_TYPE_SCRIPT : undefined);
    if (parentText === undefined) {
      this.namesKnown = false;
      return;
    }
    const parent = walk(parentText, this.options, [...this.lineage, type]);
    parent.defined.forEach((name) => this.defined.add(name));
    parent.fnNames.forEach((name) => this.fnNames.add(name));
    this.namesKnown &&= parent.namesKnown;
  }

  /** Undefined variables (warnings: a run may still pass them in) and unknown functions (errors: the run fails). */
  names(): void {
    if (!this.namesKnown) return;
    for (const use of this.uses) {
      if (this.fnNames.has(use.name)) continue;
      const end = { endLine: use.pos.line, endColumn: use.pos.column + use.name.length };
      if (use.call)
        this.add(
          'unknown-function',
          'error',
          use.context === 'template'
            ? `Unknown function "${use.name}()": templates can call range(), namespace() and their own macros; text functions are filters, as in {{ value | ${use.name} }}`
            : `Unknown function "${use.name}()": expressions can call Number(), String(), Boolean(), parseInt(), parseFloat(), isNaN(), Math functions and methods such as text.toUpperCase()`,
          use.pos,
          { ...end, args: { name: use.name, context: use.context } },
        );
      else if (!this.defined.has(use.name))
        this.add(
          'undefined-variable',
          'warning',
          `Variable "${use.name}" is not defined: no input, front-matter key, $set, $for or [[${use.name}]] gives it a value`,
          use.pos,
          { ...end, args: { name: use.name } },
        );
    }
  }

  private used(uses: NameUse[], context: PendingUse['context'], pos: Pos, whole: string, offset: number): void {
    for (const use of uses) this.uses.push({ ...use, context, pos: this.locator.at(pos, whole, offset + use.index) });
  }

  /** Names a directive gives a value: `$set` paths, `$for` bindings, `$prompt` fields, `$AI` and `$format` data. */
  private directiveNames(node: DirectiveNode): void {
    const value = node.value?.value;
    const keys = (v: unknown): string[] => (isRecord(v) ? Object.keys(v) : []);
    const names =
      node.name === 'set' || node.name === 'prompt' || node.name === 'AI'
        ? keys(value).map((path) => path.split('.')[0]!)
        : node.name === 'for'
          ? ['index', 'value', ...Object.values(isRecord(node.as?.value) ? node.as.value : {}).map(String)]
          : node.name === 'format' && isRecord(value)
            ? keys(value['data'])
            : [];
    names.forEach((name) => this.defined.add(name));
  }

  body(nodes: Instruction[]): void {
    for (const n of nodes) if (n.kind === 'function' && n.name) this.fnNames.add(n.name);
    this.block(nodes, false);
  }

  private block(nodes: Instruction[], inLoop: boolean): void {
    for (const node of nodes) this.instruction(node, inLoop);
  }

  private instruction(node: Instruction, inLoop: boolean): void {
    const pos = node.range.start;
    switch (node.kind) {
      case 'separator':
        return;
      case 'function':
        this.add(
          'unsupported',
          'warning',
          `${node.tag} ${node.name ?? 'function'}: JavaScript functions are kept but ${NOT_RUN}`,
          pos,
        );
        return;
      case 'unknown':
        if (BLOCK_KEYS.has(node.key))
          this.add('orphan-block', 'error', `"${node.key}:" belongs to a $if, $while or $for directly above it`, pos);
        else
          this.add(
            'unknown-key',
            'error',
            `Unknown key "${node.key}": expected a role (system, user, assistant), a $directive, or a bare message`,
            pos,
          );
        return;
      case 'message':
        this.message(node);
        return;
      case 'chain':
        this.chain(node);
        return;
      case 'directive':
        this.directive(node, inLoop);
        return;
    }
  }

  private message(node: MessageNode): void {
    const pos = node.range.start;
    if (node.targets !== undefined || !['system', 'user', 'assistant'].includes(node.role)) {
      this.add(
        'unsupported',
        'warning',
        `Group chat ("${node.role}${node.targets === undefined ? '' : `[${node.targets}]`}") is ${NOT_RUN}`,
        pos,
      );
    }
    this.text(node.text, pos, true);
  }

  /** A message text or a directive string: prefixes, `?=` expressions, templates and `[[…]]`. */
  private text(text: string, pos: Pos, isMessage: boolean): void {
    const p = classify(text);
    const offset = text.length - p.text.length;
    if (p.mode === 'raw') return;
    if (p.mode === 'expression') {
      this.expression(p.text, pos, text, offset);
      return;
    }
    if (!isMessage && p.mode !== 'immediate') return;
    this.template(p.text, pos, text, offset);
    if (/\(\([^()]*:[^()]*\)\)/.test(p.text))
      this.add('unsupported', 'warning', `((text:bias)) logit bias is ${NOT_RUN}`, pos);
  }

  private expression(src: string, pos: Pos, whole: string, offset: number): void {
    try {
      parseExpression(src);
      this.used(expressionUses(src), 'expression', pos, whole, offset);
    } catch (e) {
      if (!(e instanceof ExprError)) throw e;
      this.add('expression-syntax', 'error', `Expression: ${e.message}`, this.locator.at(pos, whole, offset + e.where));
    }
  }

  /** Template syntax with `[[…]]` blanked out, then each replacement. */
  private template(text: string, pos: Pos, whole: string, offset: number): void {
    let blanked = text;
    for (const found of findReplacements(text)) {
      const at = this.locator.at(pos, whole, offset + found.start);
      blanked = blanked.slice(0, found.start) + ' '.repeat(found.end - found.start) + blanked.slice(found.end);
      const r = found.replacement;
      if (!r) this.add('replacement-syntax', 'error', found.error ?? 'bad [[…]]', at);
      else if (r.kind === 'call') this.reference(r.target, at);
      else if (r.kind === 'ai') this.defined.add(r.name);
      else if (r.kind === 'regex') {
        try {
          new RegExp(r.pattern, r.flags);
          this.backtracking(r.pattern, at);
        } catch (e) {
          this.add('replacement-syntax', 'error', `Regular expression /${r.pattern}/: ${(e as Error).message}`, at);
        }
      }
    }
    const problem = templateProblem(blanked);
    if (problem?.kind === 'unclosed') {
      const opener = blanked.slice(problem.index, problem.index + 2);
      this.add(
        'template-unclosed',
        'error',
        `Unclosed template tag "${opener}"`,
        this.locator.at(pos, whole, offset + problem.index),
      );
    } else if (problem) this.add('template-syntax', 'error', `Template: ${problem.message}`, pos);
    else if (this.hfTemplates) this.used(templateUses(blanked), 'template', pos, whole, offset);
  }

  /** A `$directive` or script id used by a chain or `[[@…]]`. */
  private reference(target: string, pos: Pos): void {
    if (target.startsWith('$')) this.directiveName(target.slice(1), pos);
    else if (!this.exists(target)) this.add('missing-script', 'error', `Script "${target}" is not in the library`, pos);
  }

  private chain(node: ChainNode): void {
    for (const step of node.steps) this.reference(step.target, step.pos);
  }

  /** Whether a directive name can run; reports it otherwise. */
  private directiveName(name: string, pos: Pos): boolean {
    if (KNOWN.has(name)) return true;
    const imported = this.imports.scripts.get(name);
    if (imported) return true;
    if (UNSUPPORTED_DIRECTIVES.has(name) || name.startsWith('|'))
      this.add('unsupported', 'warning', `$${name} is ${NOT_RUN}`, pos);
    else if (this.fnNames.has(name))
      this.add('unsupported', 'warning', `$${name} calls a !fn JavaScript function, which is ${NOT_RUN}`, pos);
    else if (this.imports.foreign.length)
      this.add(
        'unsupported',
        'warning',
        `$${name} is not a built-in directive; if it comes from a JavaScript import, it is ${NOT_RUN}`,
        pos,
      );
    else this.add('unknown-directive', 'error', `Unknown directive $${name}`, pos);
    return false;
  }

  private directive(node: DirectiveNode, inLoop: boolean): void {
    const pos = node.range.start;
    if (!this.directiveName(node.name, pos)) return;
    this.directiveNames(node);
    const raw = node.value?.value;
    switch (node.name) {
      case 'break':
      case 'continue':
        if (!inLoop) this.add('loop-control-outside-loop', 'error', `$${node.name} outside a $while or $for loop`, pos);
        return;
      case 'if':
      case 'while':
      case 'for':
        if (typeof raw === 'string' && node.value)
          this.expression(raw.replace(/^\?=/, ''), node.value.pos, raw, raw.startsWith('?=') ? 2 : 0);
        if (node.name === 'if' && !node.then && !node.else)
          this.add('directive-args', 'warning', '$if has no "then:" or "else:" block', pos);
        if (node.name !== 'if' && !node.do)
          this.add('directive-args', 'error', `$${node.name} needs a "do:" block`, pos);
        if (node.name !== 'if' && raw === undefined && node.callArgs === undefined)
          this.add('directive-args', 'error', `$${node.name} needs a condition or items`, pos);
        this.block(node.then ?? [], inLoop);
        this.block(node.else ?? [], inLoop);
        this.block(node.do ?? [], true);
        return;
      case 'match':
        for (const arm of node.arms ?? []) {
          try {
            const pattern = parsePattern(arm.pattern);
            if (pattern.kind === 'regex') this.backtracking(pattern.re.source, arm.range.start);
          } catch (e) {
            if (!(e instanceof PatternError)) throw e;
            this.add(
              e.unsupported ? 'unsupported' : 'match-pattern',
              e.unsupported ? 'warning' : 'error',
              `$match arm ":${arm.pattern}": ${e.message}`,
              arm.range.start,
            );
          }
          this.block(arm.body, inLoop);
        }
        return;
      case 'exec': {
        const id =
          raw && typeof raw === 'object'
            ? ((raw as Record<string, unknown>)['id'] ?? (raw as Record<string, unknown>)['filename'])
            : undefined;
        if (typeof id !== 'string')
          this.add('directive-args', 'error', '$exec needs an "id" (or "filename") naming a library script', pos);
        else
          this.reference(
            id.replace(/\.ai\.ya?ml$/, ''),
            node.value ? (entryOf(node.value, 'id') ?? entryOf(node.value, 'filename') ?? node.value).pos : pos,
          );
        break;
      }
      case 'format': {
        const template =
          typeof raw === 'string'
            ? raw
            : raw && typeof raw === 'object'
              ? (raw as Record<string, unknown>)['template']
              : undefined;
        const format = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)['templateFormat'] : undefined;
        if (typeof template === 'string' && node.value && (format === undefined || format === 'hf')) {
          this.template(
            template,
            (typeof raw === 'string' ? node.value : entryOf(node.value, 'template')!).pos,
            template,
            0,
          );
        }
        return;
      }
    }
    if (node.value) this.values(node.value, node.name === 'print');
  }

  /** Strings inside a directive value; `$print` renders plain strings too. */
  private values(node: YamlNode, rendered: boolean): void {
    const v = node.value;
    if (v instanceof FnSource)
      this.add('unsupported', 'warning', `${v.tag} functions are JavaScript, which is ${NOT_RUN}`, node.pos);
    else if (typeof v === 'string') this.text(v, node.pos, rendered);
    else if (Array.isArray(v)) itemsOf(node).forEach((item) => this.values(item, rendered));
    else if (v && typeof v === 'object') entriesOf(node).forEach((e) => this.values(e.value, rendered));
  }
}

/** One pass over a script (a parent type is walked the same way for the names it defines). */
function walk(text: string, options: CheckOptions, lineage: string[] = []): Checker & { parsed: Diagnostic[] } {
  const { ast, diagnostics } = parsePpe(text);
  const checker = new Checker(text, options, lineage);
  if (ast.frontMatter) checker.frontMatter(ast.frontMatter.data, ast.frontMatter.node, ast.frontMatter.range.start);
  checker.body(ast.body);
  return Object.assign(checker, { parsed: diagnostics });
}

export function checkPpe(text: string, options: CheckOptions = {}): Diagnostic[] {
  const checker = walk(text, options);
  checker.names();
  return [...checker.parsed, ...checker.out].sort((a, b) => a.line - b.line || a.column - b.column);
}
