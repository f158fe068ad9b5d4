/** convertCard: any spec to V2 or V3 (V1 is read-only legacy), each step with its loss report. */
import { convertV1toV2 } from './convert-v1.ts';
import { convertV2toV3, convertV3toV2 } from './convert-v2-v3.ts';
import type { V3toV2Options } from './convert-v2-v3.ts';
import type { ConversionReport } from './loss-report.ts';
import { detectSpec } from './spec.ts';
import { CardError } from './errors.ts';
import type { CardSpec, JsonObject } from './types.ts';

export type TargetSpec = 'v2' | 'v3';

export interface ConvertResult {
  doc: JsonObject;
  /** Empty `items` and from === to when the card was already at the target. */
  report: ConversionReport;
  from: CardSpec;
}

export function convertCard(doc: JsonObject, to: TargetSpec, options: V3toV2Options = {}): ConvertResult {
  const from = detectSpec(doc);
  if (!from) throw new CardError('not_a_card', 'cannot convert: the document is not a character card');
  if (from === to) return { doc, report: { from, to, items: [] }, from };
  if (from === 'v3') return { ...convertV3toV2(doc, options), from };
  if (from === 'v2') return { ...convertV2toV3(doc), from };
  const v2 = convertV1toV2(doc);
  if (to === 'v2') return { ...v2, from };
  // V1 → V3 goes through V2; the second step only adds what V3 needs, so report its changes, not its keeps.
  const v3 = convertV2toV3(v2.doc);
  const items = [
    ...v2.report.items,
    ...v3.report.items.filter((i) => i.action !== 'kept' && i.from !== '/spec' && i.from !== '/spec_version'),
  ];
  return { doc: v3.doc, report: { from: 'v1', to: 'v3', items }, from };
}
