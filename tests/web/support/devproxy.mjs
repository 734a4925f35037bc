// A development stand-in for the server's static serving: serves a built dist/ and passes
// every other request (and the /ws upgrade) to a running boxoffice-server. Not used by tests.
//   node tests/web/support/devproxy.mjs <dist dir> <listen port> <server port>
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';

const [dist, listenPort, serverPort] = process.argv.slice(2);
const apiSegments = new Set(['auth', 'events', 'venues', 'holds', 'orders', 'me', 'payments', 'tickets', 'shifts', 'healthz', 'readyz', 'metrics', 'ws']);
const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8' };

http
  .createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const first = url.pathname.split('/')[1];
    if (!apiSegments.has(first)) {
      const file = first === 'assets' ? path.join(dist, url.pathname) : path.join(dist, 'index.html');
      if (!fs.existsSync(file)) return res.writeHead(404).end();
      res.writeHead(200, {
        'Content-Type': types[path.extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self' ws: wss:",
      });
      return fs.createReadStream(file).pipe(res);
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: serverPort, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  })
  .on('upgrade', (req, socket, head) => {
    const upstream = net.connect(Number(serverPort), '127.0.0.1', () => {
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n`);
      for (let i = 0; i < req.rawHeaders.length; i += 2) upstream.write(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}\r\n`);
      upstream.write('\r\n');
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  })
  .listen(Number(listenPort), '127.0.0.1', () => console.log(`devproxy on http://127.0.0.1:${listenPort}`));
