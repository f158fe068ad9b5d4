/** A diagnostic in the interface language: findings that carry their values are worded from the locale's table. */
import type { Diagnostic } from '../../../shared/ppe/types.ts';
import type { Translate } from '../i18n/index.ts';

export function diagnosticText(t: Translate, d: Diagnostic): string {
  const args = d.args;
  if (!args) return d.message;
  if (d.code === 'undefined-variable') return t('scripts.diag.undefinedVariable', args);
  if (d.code === 'unknown-function')
    return t(
      args['context'] === 'template'
        ? 'scripts.diag.unknownFunction.template'
        : 'scripts.diag.unknownFunction.expression',
      args,
    );
  return d.message;
}
