// The baseline of `npm run bench`: a bare node:http server that writes, from memory, the bytes
// and headers the real server answered for each bench route (captured once by the bench). It
// does no routing, validation, compression or logging: the floor our server is measured
// against. Usage: node bench/raw-server.mjs <answers.json> <port>
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const [file, port] = process.argv.slice(2);
const answers = new Map();
const byPathname = new Map();
for (const { url, status, headers, body } of JSON.parse(readFileSync(file, 'utf8'))) {
  const answer = { status, headers: { ...headers, 'content-length': String(Buffer.byteLength(body, 'base64')) }, body: Buffer.from(body, 'base64') };
  answers.set(url, answer);
  if (!byPathname.has(url.split('?')[0])) byPathname.set(url.split('?')[0], answer);
}
// The bench's changing parameters (`_=n`, a moving point) are not part of what it asked for.
const canonical = (url) => url.replace(/[?&]_=\d+$/, '');
createServer((request, response) => {
  const answer = answers.get(canonical(request.url)) ?? byPathname.get(request.url.split('?')[0]);
  if (!answer) return void response.writeHead(404).end();
  response.writeHead(answer.status, answer.headers).end(answer.body);
}).listen(Number(port), '127.0.0.1', () => console.log(`raw baseline on ${port}`));
