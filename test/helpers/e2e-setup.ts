// Loaded before every e2e file (vitest.config.ts): a console error or an uncaught exception in the browser fails
// the test during which it happened (or the file, when it happens after the last test).
import { afterAll, afterEach, expect } from 'vitest';
import { takeBrowserErrors } from './browser.ts';

afterEach(() => {
  expect(takeBrowserErrors(), 'browser console errors / uncaught exceptions').toEqual([]);
});

afterAll(() => {
  expect(takeBrowserErrors(), 'browser console errors / uncaught exceptions after the last test').toEqual([]);
});
