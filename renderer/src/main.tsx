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
void import('./app/Root.tsx').then(({ mount }) => mount(connection));
