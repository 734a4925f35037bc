// SPDX-License-Identifier: GPL-3.0-or-later
// The real system for one test file: a throwaway PostgreSQL database, boxoffice-server on it
// (with the test Redis and the built shop), and the payment sandbox sending its webhooks to
// the server. Everything is stopped and the database dropped by stop().
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { requiredEnv, sandboxBinary, serverBinary, webDist } from './env.mjs';

const jwtSecret = 'web-test-secret-0123456789abcdef';
const apiKey = 'sk_test_web';
const webhookSecret = 'whsec_web_tests';

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function psql(adminUrl, sql) {
  execFileSync('psql', [adminUrl, '-qXc', sql], { stdio: ['ignore', 'ignore', 'pipe'] });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts `binary args` and resolves with the process once stdout matches `ready`. */
function startProcess(binary, args, env, ready, name) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let log = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within 30 s:\n${log}`));
    }, 30000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = ready.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match, log: () => log });
      }
    });
    child.stderr.on('data', (chunk) => {
      log += chunk;
      if (log.length > 200000) log = log.slice(-100000);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before it was ready:\n${log}`));
    });
  });
}

function stopProcess(child, timeoutMs = 5000) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startStack({ serverEnv = {}, serverArgs = [] } = {}) {
  const adminUrl = requiredEnv('BOXOFFICE_TEST_DATABASE_URL');
  const redisUrl = requiredEnv('BOXOFFICE_TEST_REDIS_URL');
  const dbName = `web_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  psql(adminUrl, `CREATE DATABASE ${dbName}`);
  const databaseUrl = withDatabase(adminUrl, dbName);
  const env = {
    ...process.env,
    BOXOFFICE_JWT_SECRET: jwtSecret,
    BOXOFFICE_PAYMENT_API_KEY: apiKey,
    BOXOFFICE_PAYMENT_WEBHOOK_SECRET: webhookSecret,
    BOXOFFICE_WEB_DIR: webDist,
    QT_LOGGING_RULES: 'boxoffice.*.debug=false',
    ...serverEnv,
  };
  delete env.BOXOFFICE_DATABASE_URL;
  delete env.BOXOFFICE_JWT_PUBLIC_KEYS;
  execFileSync(serverBinary, ['migrate', '--database-url', databaseUrl], { env, stdio: 'ignore' });

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const sandbox = await startProcess(
    sandboxBinary,
    ['--listen', '127.0.0.1:0', '--webhook-url', `${baseUrl}/payments/webhook`, '--webhook-secret', webhookSecret,
      '--api-key', apiKey, '--retry-base-ms', '100', '--retry-max-ms', '1000'],
    env,
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
    'payment-sandbox',
  );
  const sandboxUrl = sandbox.match[1];
  env.BOXOFFICE_PAYMENT_URL = sandboxUrl;
  const serveArgs = ['serve', '--listen', `127.0.0.1:${port}`, '--database-url', databaseUrl, '--redis-url', redisUrl, ...serverArgs];
  const start = () => startProcess(serverBinary, serveArgs, env, /listening on http:\/\/127\.0\.0\.1:\d+\n/, 'boxoffice-server');
  let server = await start();

  const managerToken = execFileSync(serverBinary, ['issue-token', '--sub', 'web-test-manager', '--role', 'manager', '--ttl', '3600'], { env })
    .toString()
    .trim();

  async function api(method, path, body, { token = managerToken, headers = {} } = {}) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    return { status: response.status, json, headers: response.headers };
  }

  return {
    baseUrl,
    sandboxUrl,
    databaseUrl,
    api,
    /** A fan's access token, for setting up state without the browser. */
    token(sub, role = 'fan') {
      return execFileSync(serverBinary, ['issue-token', '--sub', sub, '--role', role, '--ttl', '3600'], { env }).toString().trim();
    },
    serverLog: () => server.log(),
    async restartServer(pauseMs = 0) {
      await stopProcess(server.child);
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      server = await start();
    },
    async stop() {
      await stopProcess(server.child);
      await stopProcess(sandbox.child);
      try {
        psql(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      } catch {
        // A leftover test database is harmless and named so it can be found.
      }
    },
  };
}

/** A venue (null: the event's venue_id exists already) and an event on it; returns the event. */
export async function createEvent(stack, venue, event) {
  let venueId = event.venue_id;
  if (venue) {
    const v = await stack.api('POST', '/venues', venue);
    if (v.status !== 201) throw new Error(`POST /venues: ${v.status} ${JSON.stringify(v.json)}`);
    venueId = v.json.id;
  }
  const e = await stack.api('POST', '/events', { ...event, venue_id: venueId });
  if (e.status !== 201) throw new Error(`POST /events: ${e.status} ${JSON.stringify(e.json)}`);
  return e.json;
}
