// A load generator that counts an answer's bytes without reading them: keep-alive connections over
// 127.0.0.1, each sending its next request once the last answer has fully arrived. autocannon
// appends every body to a string: a 32 KB compressed answer cost it more to decode as UTF-8 than the
// server took to send it, so it measured itself (the server sat idle four fifths of the time).
import { connect } from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');
// Header names as servers write them: Fastify's lowercase, Node's own capitalized. Found without
// decoding the head: a security policy makes it over a kilobyte.
const LENGTHS = ['\r\ncontent-length:', '\r\nContent-Length:'].map((name) => Buffer.from(name));
const CHUNKED = ['\r\ntransfer-encoding: chunked', '\r\nTransfer-Encoding: chunked'].map((name) => Buffer.from(name));

/** The value of Content-Length in a head, 0 without one. */
function contentLength(head, end) {
  for (const name of LENGTHS) {
    const at = head.indexOf(name);
    if (at >= 0 && at < end) return Number.parseInt(head.toString('latin1', at + name.length, head.indexOf('\r\n', at + name.length)), 10);
  }
  return 0;
}

/** The bytes of one HTTP/1.1 request. */
function requestBytes(url, method, headers, body) {
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
  const lines = [`${method} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  if (body !== undefined) lines.push(`content-length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), payload]);
}

/** One connection sending `request` until `until`: its answers' statuses and latencies in ms. */
function oneConnection(url, request, until, statuses, latencies) {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.setNoDelay(true);
    let head = Buffer.alloc(0);
    let bodyLeft = -1;
    let sentAt = 0;
    const send = () => {
      sentAt = performance.now();
      socket.write(request);
    };
    const answered = (status) => {
      const now = performance.now();
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      latencies.push(now - sentAt);
      if (now >= until) socket.end(resolve);
      else send();
    };
    let status = 0;
    socket.on('connect', send);
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      let rest = chunk;
      while (rest.length > 0) {
        if (bodyLeft < 0) {
          head = head.length > 0 ? Buffer.concat([head, rest]) : rest;
          const end = head.indexOf(HEAD_END);
          if (end < 0) return;
          if (CHUNKED.some((name) => head.subarray(0, end).includes(name))) return reject(new Error(`${url}: a chunked answer, not measured here`));
          status = Number(head.toString('latin1', 9, 12));
          bodyLeft = contentLength(head, end);
          rest = head.subarray(end + HEAD_END.length);
          head = Buffer.alloc(0);
        }
        const taken = Math.min(bodyLeft, rest.length);
        bodyLeft -= taken;
        rest = rest.subarray(taken);
        if (bodyLeft > 0) return;
        bodyLeft = -1;
        answered(status);
      }
    });
  });
}

/**
 * Sends one request over `connections` keep-alive connections for `seconds`: answers a second, the
 * 99th percentile latency in ms, and how many answers had each status.
 */
export async function keepAliveLoad({ url, method = 'GET', headers = {}, body, connections, seconds }) {
  const target = new URL(url);
  const request = requestBytes(target, method, headers, body);
  const statuses = new Map();
  const latencies = [];
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, () => oneConnection(target, request, started + seconds * 1000, statuses, latencies)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0), statuses };
}
