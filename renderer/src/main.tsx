/**
 * The app entry: connects, sends the library's first page request, then loads the app. Only the transport and the
 * start page are imported here, so the request goes out before React and the pages are parsed and run, and the
 * query runs on the Node side while they are.
 */
import { connect } from './api/client.ts';
import { parseRoute } from './app/route.ts';
import { prefetchStartPage } from './library/start-page.ts';
import './styles.css';

const connection = connect();
const firstPage =
  connection.client && parseRoute(window.location.hash).page === 'library'
    ? prefetchStartPage(connection.client)
    : undefined;
// No modulepreload links for Root in index.html: in interleaved A/B runs at 100k cards they made first paint 30–70 ms
// slower (median of 15 loads, 4 of 4 runs), likely because Root is then compiled before this entry runs and sends the
// request. Root's chunks are local files, so fetching them after the entry costs little.
// The app mounts once the first page has come (or failed, which the list then reports): its first render is the
// list, one layout and one paint, instead of the shell painted first and the list a second frame later, with the
// main thread busy with that frame when the reply comes (100k cards, 6 interleaved runs: 300–392 → 230–325 ms).
// A reply slower than MOUNT_WAIT_MS (a cold disk) does not keep the window blank: the list then takes it in flight.
const MOUNT_WAIT_MS = 1000;
const pageOrTimeout = firstPage && Promise.race([firstPage, new Promise((r) => setTimeout(r, MOUNT_WAIT_MS))]);
void Promise.all([import('./app/Root.tsx'), pageOrTimeout?.catch(() => undefined)]).then(([{ mount }]) =>
  mount(connection),
);
