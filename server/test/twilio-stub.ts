import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TwilioCall {
  path: string;
  form: Record<string, string>;
  authorization: string | undefined;
  idempotency: string | undefined;
}

/** A local HTTP server standing in for Twilio's Messages API: it keeps every call and answers 201. */
export async function startTwilioStub() {
  const calls: TwilioCall[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      calls.push({
        path: request.url ?? '',
        form: Object.fromEntries(new URLSearchParams(body)),
        authorization: request.headers.authorization,
        idempotency: request.headers['i-twilio-idempotency-token'] as string | undefined,
      });
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ sid: `SM${calls.length}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    calls,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
