// A stand-in SMS and e-mail gateway for the browser tests: the portal's
// outbox (webhook transport) POSTs each message here; tests read them back.
import http from 'node:http';

const port = Number(process.env.SINK_PORT ?? 3199);
const messages = [];

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://localhost:${port}`);
  if (req.method === 'POST') {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      try {
        messages.push({ ...JSON.parse(body), received_at: Date.now() });
        res.writeHead(204).end();
      } catch {
        res.writeHead(400).end();
      }
    });
    return;
  }
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to');
    const list = to ? messages.filter((m) => m.to === to) : messages;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
});

server.listen(port, '127.0.0.1');
