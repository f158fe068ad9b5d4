/** The form view of a card: every field of its spec, grouped, editing the same document as the JSON view. */
import type React from 'react';
import type { JsonObject } from '../../../shared/library/parse-document.ts';
import type { JsonPath } from '../../../shared/document/json-path.ts';
import { getAtPath } from '../../../shared/document/json-path.ts';
import { useT } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';
import { ListField } from './ListField.tsx';
import { TagsField } from './TagsField.tsx';
import { MultilingualField } from './MultilingualField.tsx';
import { GreetingSwipes } from './GreetingSwipes.tsx';
import { cardSpec, fieldPath, visibleFields } from './card-fields.ts';
import type { FieldDef } from './card-fields.ts';

interface Props {
  doc: JsonObject;
  /** Shown above the fields (the card image). */
  header?: React.ReactNode;
  disabled: boolean;
  onField(path: JsonPath, value: unknown): void;
  tokenCounts?: Record<string, number>;
  /** Converts a V1 card to V2 in the library (offered in the V1 hint). */
  onConvertToV2?: () => void;
  /** Unsaved edits: converting works on the stored card, so it waits for a save. */
  dirty?: boolean;
}

const GROUPS = ['basics', 'greetings', 'prompting', 'metadata'] as const;

function asString(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
}

function asList(v: unknown): string[] {
  return Array.isArray(v) ? v.map(asString) : [];
}

export function CardForm({ doc, header, disabled, onField, tokenCounts, onConvertToV2, dirty }: Props) {
  const t = useT();
  const spec = cardSpec(doc);
  const fields = visibleFields(spec);

  const renderField = (f: FieldDef) => {
    const path = fieldPath(spec, f.key);
    const value = getAtPath(doc, path);
    const label = t(`field.${f.key}` as MessageKey);
    const id = `field-${f.key}`;
    const tokens = tokenCounts?.[f.key];
    const head = (
      <label htmlFor={id} className="field-label">
        {label}
        {tokens !== undefined && <span className="tokens">{t('editor.tokens', { n: tokens })}</span>}
      </label>
    );
    switch (f.kind) {
      case 'list':
        return (
          <ListField
            key={f.key}
            id={f.key}
            label={label}
            items={asList(value)}
            multiline={f.key !== 'source'}
            onChange={(items) => onField(path, items)}
          />
        );
      case 'tags':
        return (
          <div className="field" key={f.key}>
            {head}
            <TagsField id={id} tags={asList(value)} onChange={(tags) => onField(path, tags)} />
          </div>
        );
      case 'languages': {
        const map =
          value !== null && typeof value === 'object' && !Array.isArray(value)
            ? (value as Record<string, unknown>)
            : {};
        const strings = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, asString(v)]));
        return <MultilingualField key={f.key} label={label} value={strings} onChange={(next) => onField(path, next)} />;
      }
      case 'date':
        return (
          <div className="field" key={f.key}>
            {head}
            <output id={id}>{typeof value === 'number' ? t.date(value * 1000) : '—'}</output>
          </div>
        );
      case 'line':
        return (
          <div className="field" key={f.key}>
            {head}
            <input id={id} value={asString(value)} onChange={(e) => onField(path, e.target.value)} />
          </div>
        );
      default:
        return (
          <div className="field" key={f.key}>
            {head}
            <textarea
              id={id}
              value={asString(value)}
              rows={f.key === 'description' || f.key === 'mes_example' ? 8 : 4}
              onChange={(e) => onField(path, e.target.value)}
            />
            {(f.key === 'system_prompt' || f.key === 'post_history_instructions') && (
              <p className="hint">{t('editor.originalHint')}</p>
            )}
          </div>
        );
    }
  };

  return (
    <form className="card-form" onSubmit={(e) => e.preventDefault()}>
      <fieldset disabled={disabled} className="plain">
        {header}
        {spec === 'v1' && (
          <p className="hint">
            {t('editor.v1Hint')}{' '}
            {onConvertToV2 && (
              <button
                type="button"
                onClick={onConvertToV2}
                disabled={dirty}
                title={dirty ? t('editor.convertSaveFirst') : undefined}
              >
                {t('editor.convertToV2')}
              </button>
            )}
          </p>
        )}
        {GROUPS.map((g) => {
          const inGroup = fields.filter((f) => f.group === g);
          return inGroup.length === 0 ? null : (
            <section key={g} className="form-group" aria-label={t(`editor.group.${g}` as MessageKey)}>
              <h3>{t(`editor.group.${g}` as MessageKey)}</h3>
              {inGroup.map(renderField)}
              {g === 'greetings' && (
                <GreetingSwipes
                  greetings={[
                    asString(getAtPath(doc, fieldPath(spec, 'first_mes'))),
                    ...asList(getAtPath(doc, fieldPath(spec, 'alternate_greetings'))),
                  ].filter((x) => x !== '')}
                />
              )}
            </section>
          );
        })}
      </fieldset>
    </form>
  );
}
