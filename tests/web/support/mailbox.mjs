// SPDX-License-Identifier: GPL-3.0-or-later
// The real SMTP test server (tests/support/mailbox.py, Debian's python3-aiosmtpd) for browser
// tests: start it, hand its URL to the server, read what it received.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './stack.mjs';
import { sourceDir } from './env.mjs';

export async function startMailbox() {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-mailbox-'));
  const child = spawn('/usr/bin/python3', [path.join(sourceDir, 'tests/support/mailbox.py'), '--port', String(port), '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the mailbox did not start within 10 s')), 10000);
    let out = '';
    const seen = (chunk) => {
      out += chunk;
      if (out.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('exit', (code) => reject(new Error(`the mailbox exited (${code}): ${out}`)));
  });
  const messages = () =>
    fs.readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
      .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Waits for the `count`-th message to `recipient` and returns it. */
    async waitFor(recipient, count = 1, timeoutMs = 15000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const mine = messages().filter((m) => m.to.toLowerCase().includes(recipient.toLowerCase()));
        if (mine.length >= count) return mine[count - 1];
        if (Date.now() > until) throw new Error(`no mail number ${count} for ${recipient}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      child.kill('SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The shop path of the link in a mail's text (`/account/...#token=...`). */
export function linkPath(mail) {
  const match = /https?:\/\/[^/\s]+(\/account\/[a-z-]+#token=[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no link in: ${mail.text}`);
  return match[1];
}
