/**
 * A local push service for tests: it records every message POSTed to it, and a subscriber made here (a P-256 key
 * pair and an auth secret, what a browser holds) can decrypt them (RFC 8291, aes128gcm) and check their VAPID
 * signature (RFC 8292), so a test proves the server sent a real, readable, signed web push message.
 */
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushEndpoint {
  origin: string;
  requests: PushRequest[];
  /** the status answered to the next messages (201 by default; 410 says the subscription is gone) */
  status: number;
  close(): Promise<void>;
}

export async function startPushEndpoint(port = 0): Promise<PushEndpoint> {
  const endpoint: PushEndpoint = { origin: '', requests: [], status: 201, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      endpoint.requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = endpoint.status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  endpoint.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  endpoint.close = () => new Promise((resolve) => server.close(() => resolve()));
  return endpoint;
}

export interface Subscriber {
  /** PushSubscription.toJSON() shape */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  decrypt(body: Buffer): string;
}

/** A browser's side of a subscription: its key pair and auth secret, for an endpoint on the local push service. */
export function newSubscriber(endpoint: string): Subscriber {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    subscription: { endpoint, keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') } },
    decrypt: (body) => decryptAes128gcm(body, ecdh.getPrivateKey(), publicKey, auth),
  };
}

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
}

/** RFC 8291 §3 + RFC 8188: decrypt one aes128gcm record as the user agent would. */
export function decryptAes128gcm(body: Buffer, uaPrivate: Buffer, uaPublic: Buffer, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const cipher = body.subarray(21 + idlen);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(uaPrivate);
  const secret = ecdh.computeSecret(asPublic);
  const ikm = hkdf(authSecret, secret, Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]), 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02, then any padding zeros
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString('utf8');
}

/** Check a `vapid t=<jwt>, k=<key>` header: ES256 signed by `k`, for the endpoint's origin. Returns the claims. */
export function verifyVapid(header: string, endpointOrigin: string): { aud: string; exp: number; sub: string; key: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!m) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, jwt, key] = m as unknown as [string, string, string];
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
  if (claims.aud !== endpointOrigin) throw new Error(`VAPID aud ${claims.aud} is not ${endpointOrigin}`);
  return { ...claims, key };
}
