import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { connect } from './api/client.ts';
import { I18nContext, pickLocale, translator } from './i18n/index.ts';
import './styles.css';

const t = translator(pickLocale(navigator.languages));
const connection = connect();
const root = createRoot(document.getElementById('root')!);
root.render(
  <I18nContext.Provider value={t}>
    {connection.client ? <App client={connection.client} /> : <p className="fatal">{t('connect.noToken')}</p>}
  </I18nContext.Provider>,
);
