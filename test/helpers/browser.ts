import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';

export const artifactsDir = path.resolve(import.meta.dirname, '../e2e/artifacts');

/** Debian's Chromium, headless, without the background traffic a closed network refuses. */
export async function launchChromium(): Promise<Browser> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}
