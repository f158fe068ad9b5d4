/**
 * Monaco, bundled locally (no CDN: the CSP forbids remote scripts). Only the editor core and the JSON language
 * are bundled, and they load on first use so the library page stays light.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
// Monaco's worker glue (which the JSON language loads) registers every editor contribution and its services. It
// must run before the first editor exists: services registered after that are unknown to every later editor
// ("[createInstance] … depends on UNKNOWN service ICodeLensCache").
import 'monaco-editor/internal/common/workers';
import * as json from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

export { monaco, json };
