/** A page's status line and dismissible error, the same on every page. */
import { useT } from '../i18n/index.ts';

interface Props {
  notice: string | null;
  error: string | null;
  onDismiss(): void;
}

export function Messages({ notice, error, onDismiss }: Props) {
  const t = useT();
  return (
    <>
      {notice && (
        <div className="notice" role="status">
          {notice}
        </div>
      )}
      {error && (
        <div className="error" role="alert">
          <pre>{error}</pre>
          <button onClick={onDismiss}>{t('error.dismiss')}</button>
        </div>
      )}
    </>
  );
}
