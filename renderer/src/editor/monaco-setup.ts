/**
 * Monaco, bundled locally (no CDN: the CSP forbids remote scripts). Only the editor core and the JSON language
 * are bundled, and they load on first use so the library page stays light.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
import * as json from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

export { monaco, json };
