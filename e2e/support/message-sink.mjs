// A stand-in SMS gateway and a real SMTP server for the browser tests: the
// portal's outbox POSTs each SMS here (webhook transport) and sends each
// e-mail over SMTP (nodemailer) to the SMTP port; tests read both back.
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SINK_PORT ?? 3199);
const smtpPort = Number(process.env.SINK_SMTP_PORT ?? port + 1);
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  disableReverseLookup: true,
  logger: false,
  onData(stream, session, done) {
    simpleParser(stream)
      .then((mail) => {
        for (const rcpt of session.envelope.rcptTo)
          messages.push({
            channel: 'email',
            via: 'smtp',
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: rcpt.address,
            subject: mail.subject ?? '',
            body: mail.text ?? '',
            topic: mail.headers.get('x-hr-topic') ?? '',
            received_at: Date.now(),
          });
        done();
      })
      .catch(done);
  },
});
smtp.listen(smtpPort, '127.0.0.1');

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
