/** Settings: language, default tokenizer, evaluation limits, and where the library lives. */
import { useEffect, useState } from 'react';
import type { AppInfo } from '../../../shared/api/methods/app.ts';
import { tokenizerNames } from '../../../shared/tokenize/index.ts';
import type { TokenizerName } from '../../../shared/tokenize/index.ts';
import { useApi } from '../app/ApiContext.ts';
import { LOCALES, useT } from '../i18n/index.ts';
import type { Locale } from '../i18n/index.ts';
import { Messages } from '../app/Messages.tsx';
import { readTokenizer, writeTokenizer } from '../app/preferences.ts';
import { errorMessage } from '../../../shared/errors.ts';
import { LimitsForm } from './LimitsForm.tsx';

interface Props {
  locale: Locale | 'auto';
  onLocale(locale: Locale | 'auto'): void;
}

const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文', 'pt-BR': 'Português (Brasil)' };

export function SettingsPage({ locale, onLocale }: Props) {
  const api = useApi();
  const t = useT();
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tokenizer, setTokenizer] = useState<TokenizerName>(readTokenizer);
  useEffect(() => {
    api.invoke('app.info', {}).then(setInfo, (e: unknown) => setError(errorMessage(e)));
  }, [api]);

  return (
    <section className="settings">
      <h2>{t('nav.settings')}</h2>
      <Messages notice={null} error={error} onDismiss={() => setError(null)} />
      <div className="field">
        <label htmlFor="settings-language">{t('settings.language')}</label>
        <select id="settings-language" value={locale} onChange={(e) => onLocale(e.target.value as Locale | 'auto')}>
          <option value="auto">{t('settings.languageAuto')}</option>
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="settings-tokenizer">{t('settings.tokenizer')}</label>
        <select
          id="settings-tokenizer"
          value={tokenizer}
          onChange={(e) => {
            setTokenizer(e.target.value as TokenizerName);
            writeTokenizer(e.target.value as TokenizerName);
          }}
        >
          {tokenizerNames.map((n) => (
            <option key={n} value={n}>
              {t(`tokens.${n}`)}
            </option>
          ))}
        </select>
      </div>
      <LimitsForm onError={setError} />
      {info && (
        <dl className="app-info">
          <dt>{t('settings.version')}</dt>
          <dd>{info.version}</dd>
          <dt>{t('settings.libraryFile')}</dt>
          <dd>
            <code data-testid="library-file">{info.libraryFile}</code>
          </dd>
          <dt>{t('settings.schema')}</dt>
          <dd>{info.schemaVersion}</dd>
          <dt>{t('settings.contents')}</dt>
          <dd>{t('settings.counts', info.counts)}</dd>
          <dt>{t('settings.transport')}</dt>
          <dd>{info.transport === 'electron' ? t('settings.transportElectron') : t('settings.transportWeb')}</dd>
        </dl>
      )}
    </section>
  );
}
