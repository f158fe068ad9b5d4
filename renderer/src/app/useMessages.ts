/** The state behind <Messages>: a page's status line and its dismissible error, with an onError for API calls. */
import { useCallback, useState } from 'react';
import { errorMessage } from '../../../shared/errors.ts';

export function useMessages() {
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onError = useCallback((e: unknown) => setError(errorMessage(e)), []);
  return { notice, setNotice, error, setError, onError };
}
