/**
 * Importing card files with progress: the per-file report, and the files kept aside so that a new version of a
 * library card can be sent again as "update" or "add" once the author has chosen.
 */
import { useState } from 'react';
import type { ImportFileResult, ImportMatchPolicy, ImportProgress } from '../../../shared/library/types.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';
import { importBatches, readForImport } from './files.ts';

/** `after` runs a change and refreshes the list; `setNotice` shows progress and the outcome. */
export function useCardImport(after: (work: Promise<unknown>) => Promise<void>, setNotice: (n: string | null) => void) {
  const api = useApi();
  const t = useT();
  const [report, setReport] = useState<ImportFileResult[] | null>(null);
  const [pending, setPending] = useState<Map<string, File>>(new Map());

  /** Sends the files in batches with progress; `onMatch` decides what happens to new versions of library cards. */
  const sendFiles = async (files: readonly File[], onMatch: ImportMatchPolicy): Promise<ImportFileResult[]> => {
    const all: ImportFileResult[] = [];
    for (const batch of importBatches(files)) {
      const before = all.length;
      const payload = await readForImport(batch);
      const onProgress = (p: ImportProgress): void =>
        setNotice(t('library.importing', { done: before + p.done, total: files.length, file: p.file }));
      all.push(...(await api.invoke('cards.import', { files: payload, onMatch }, { onProgress })));
    }
    return all;
  };

  const importFiles = async (files: readonly File[]): Promise<void> => {
    if (files.length === 0) return;
    await after(
      sendFiles(files, 'ask').then((r) => {
        const count = (s: ImportFileResult['status']): number => r.filter((x) => x.status === s).length;
        setNotice(
          t('library.imported', {
            imported: count('imported'),
            duplicates: count('duplicate'),
            failed: count('failed'),
          }) + (count('match') ? ` ${t('import.matches', { n: count('match') })}` : ''),
        );
        setPending(new Map(files.map((f) => [f.name, f])));
        setReport(r);
      }),
    );
  };

  const resolveMatch = (file: string, policy: 'update' | 'add'): void => {
    const source = pending.get(file);
    if (!source) return;
    void after(
      sendFiles([source], policy).then(([result]) => {
        if (!result) return;
        setReport((cur) => cur?.map((r) => (r.file === file ? result : r)) ?? null);
        setNotice(
          result.status === 'updated'
            ? t('import.didUpdate', { name: result.name ?? '' })
            : result.status === 'imported'
              ? t('import.didAdd', { name: result.name ?? '' })
              : null,
        );
      }),
    );
  };

  return { report, dismissReport: () => setReport(null), importFiles, resolveMatch };
}
