// The PPE script AST. Every node carries the source range it came from (1-based line and column).

export interface Pos {
  line: number;
  column: number;
}

export interface Range {
  start: Pos;
  end: Pos;
}

/** A YAML value with the position of every mapping key and sequence item, for diagnostics inside nested values. */
export interface YamlNode {
  value: unknown;
  pos: Pos;
  items?: YamlNode[];
  entries?: { key: string; keyPos: Pos; value: YamlNode }[];
}

/** `role: text` or a bare scalar (role `user`). `targets` holds a group-chat address such as `[@dobby]`. */
export interface MessageNode {
  kind: 'message';
  role: string;
  text: string;
  targets?: string;
  range: Range;
}

export interface MatchArm {
  /** The pattern without its leading `:`; `_` is the catch-all. */
  pattern: string;
  body: Instruction[];
  range: Range;
}

/** `$name`, `$name: value` or `$name(args): value`; control directives carry their nested blocks. */
export interface DirectiveNode {
  kind: 'directive';
  /** Without the `$`. */
  name: string;
  /** Text between the parentheses of `$name(args)`. */
  callArgs?: string;
  /** The YAML value; undefined for a bare `$name`. */
  value?: YamlNode;
  then?: Instruction[];
  else?: Instruction[];
  do?: Instruction[];
  as?: YamlNode;
  arms?: MatchArm[];
  range: Range;
}

export interface ChainStep {
  /** A script id, or `$name` for a directive. */
  target: string;
  args?: string;
  pos: Pos;
}

/** `-> a(x=1) -> $print`: each step receives the previous result. */
export interface ChainNode {
  kind: 'chain';
  steps: ChainStep[];
  range: Range;
}

/** `---` or `***`: ends the init section, later ones reset the dialogue to it. */
export interface SeparatorNode {
  kind: 'separator';
  marker: string;
  range: Range;
}

/** `!fn` / `!fn#` blocks: JavaScript, kept verbatim and never run. */
export interface FunctionNode {
  kind: 'function';
  tag: '!fn' | '!fn#';
  source: string;
  name?: string;
  range: Range;
}

/** A keyed entry the parser could not classify (reported by the checker, skipped by nothing: the runtime refuses it). */
export interface UnknownNode {
  kind: 'unknown';
  key: string;
  value?: YamlNode;
  range: Range;
}

export type Instruction = MessageNode | DirectiveNode | ChainNode | SeparatorNode | FunctionNode | UnknownNode;

export interface FrontMatter {
  data: Record<string, unknown>;
  node?: YamlNode;
  range: Range;
}

export interface PpeAst {
  frontMatter?: FrontMatter;
  body: Instruction[];
}

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  /** Values the message is built from, for the interface to say it in its own language. */
  args?: Record<string, string>;
}

export type DiagnosticCode =
  | 'front-matter-unclosed'
  | 'front-matter-yaml'
  | 'front-matter-schema'
  | 'yaml-syntax'
  | 'orphan-block'
  | 'unknown-directive'
  | 'unknown-key'
  | 'directive-args'
  | 'loop-control-outside-loop'
  | 'template-unclosed'
  | 'template-syntax'
  | 'replacement-syntax'
  | 'expression-syntax'
  | 'match-pattern'
  | 'catastrophic-regex'
  | 'unsupported'
  | 'missing-script'
  | 'undefined-variable'
  | 'unknown-function';
