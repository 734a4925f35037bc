// SPDX-License-Identifier: GPL-3.0-or-later
// Paths and packages for the browser tests: the build tree (BOXOFFICE_BUILD_DIR), the shop's
// node_modules in it (npm ci by the CMake build), and the services from scripts/services.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const sourceDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const buildDir = path.resolve(process.env.BOXOFFICE_BUILD_DIR ?? path.join(sourceDir, 'build/ci'));
export const nodeModules = process.env.BOXOFFICE_WEB_NODE_MODULES ?? path.join(buildDir, 'web/node_modules');
export const webDist = path.join(buildDir, 'web/dist');
export const screenshotDir = path.join(buildDir, 'screenshots/web');
export const serverBinary = path.join(buildDir, 'server/boxoffice-server');
export const sandboxBinary = path.join(buildDir, 'payment-sandbox/payment-sandbox');
export const chromiumPath = process.env.BOXOFFICE_CHROMIUM ?? '/usr/bin/chromium';

const require = createRequire(path.join(nodeModules, 'noop.js'));
export const playwright = require('playwright-core');
export const axePath = require.resolve('axe-core/axe.min.js');

/** A variable scripts/services exports; missing means the test fails loudly (never skips). */
export function requiredEnv(name) {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run scripts/services start and eval "$(scripts/services env)", or scripts/test`);
  return value;
}
