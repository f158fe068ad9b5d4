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
if (connection.client && parseRoute(window.location.hash).page === 'library') prefetchStartPage(connection.client);
// No modulepreload links for Root in index.html: in interleaved A/B runs at 100k cards they made first paint 30–70 ms
// slower (median of 15 loads, 4 of 4 runs), likely because Root is then compiled before this entry runs and sends the
// request. Root's chunks are local files, so fetching them after the entry costs little.
void import('./app/Root.tsx').then(({ mount }) => mount(connection));
