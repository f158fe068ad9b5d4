// The story string (docs/prompt-assembly.md#story-string). SillyTavern compiles it with Handlebars; the templates in use need only
// `{{#if x}}…{{else}}…{{/if}}` and plain variables, so that subset is rendered here and every other `{{…}}`
// (e.g. `{{trim}}`, macros) is passed through to the macro pass that follows.

const TAG = /\{\{\s*(?:#if\s+([A-Za-z_]\w*)|(else)|(\/if)|([A-Za-z_]\w*))\s*\}\}/g;

export function renderStoryTemplate(template: string, vars: Readonly<Record<string, string>>): string {
  const stack: { parentActive: boolean; test: boolean; inElse: boolean }[] = [];
  const active = () => {
    const top = stack[stack.length - 1];
    return !top || (top.parentActive && (top.inElse ? !top.test : top.test));
  };
  let out = '';
  let last = 0;
  for (const m of template.matchAll(TAG)) {
    if (active()) out += template.slice(last, m.index);
    last = m.index + m[0].length;
    const [whole, ifName, isElse, isEnd, name] = m;
    if (ifName !== undefined) stack.push({ parentActive: active(), test: Boolean(vars[ifName]), inElse: false });
    else if (isElse && stack.length) stack[stack.length - 1]!.inElse = true;
    else if (isEnd && stack.length) stack.pop();
    else if (active()) out += name !== undefined && Object.hasOwn(vars, name) ? vars[name] : whole;
  }
  if (active()) out += template.slice(last);
  return out;
}
