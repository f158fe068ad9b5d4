// `import:` entries. PPE scripts (`x.ai.yaml`) become `$name` directives that run them; JavaScript (and every
// other language or module) is listed so the checker can say Lorewright does not run it.

export interface Imports {
  /** Directive name (without `$`) → script id. */
  scripts: Map<string, string>;
  /** Specs of imports Lorewright does not run. */
  foreign: string[];
}

const PPE_FILE = /(?:^|\/)([^/]+)\.ai\.ya?ml$/;

export function parseImports(value: unknown): Imports {
  const out: Imports = { scripts: new Map(), foreign: [] };
  const add = (specifier: string, as: unknown): void => {
    const ppe = PPE_FILE.exec(specifier);
    if (!ppe) {
      out.foreign.push(specifier);
      return;
    }
    const name = typeof as === 'string' && as !== '*' ? as.replace(/^\$/, '') : ppe[1]!;
    out.scripts.set(name, ppe[1]!);
  };
  const addAll = (entries: [string, unknown][]): void => entries.forEach(([k, v]) => add(k, v));
  if (typeof value === 'string') add(value, undefined);
  else if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'string') add(item, undefined);
      else if (item && typeof item === 'object') addAll(Object.entries(item));
    }
  } else if (value && typeof value === 'object') addAll(Object.entries(value));
  return out;
}
