/**
 * A PPE script that outgrows a worker's heap. Many separate mid-sized lists (one copy of r per step) is the
 * allocation shape V8 reliably stops at the worker's heap limit; a single huge array may instead stall the collector
 * or abort the process (nodejs/node#65019). Run it with a small heap (64 MiB) so the test's memory stays small.
 */
export const HEAP_BLOWUP_SCRIPT = [
  '$set: {r: "?=[1]"}',
  '$for: 14',
  '  do:',
  '    - $set: {r: "?=r.concat(r)"}',
  '$set: {l: "?=[]"}',
  '$for: 100000',
  '  do:',
  '    - $set: {l: "?=l.concat([r.concat([])])"}',
  '$ret: done',
].join('\n');
