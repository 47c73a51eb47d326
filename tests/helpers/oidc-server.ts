import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

/**
 * A tiny OpenID Connect provider for tests, on 127.0.0.1 and a random port.
 * - /.well-known/openid-configuration, /jwks
 * - /authorize: requires PKCE S256, then immediately redirects back with code & state
 * - /token: checks client credentials (post or basic), redirect_uri and the PKCE verifier; returns an RS256 id_token
 */

export interface OidcUser {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
}

export interface OidcServerOptions {
  clientId: string;
  clientSecret: string;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce?: string;
  user: OidcUser;
  used: boolean;
}

export interface OidcServer {
  issuer: string;
  /** Claims of whoever "signs in" at the next /authorize. */
  user: OidcUser;
  /** Overrides the nonce put in the next id_tokens (to test nonce checking). */
  nonceOverride?: string;
  /** Overrides the id_token audience (to test audience checking). */
  audienceOverride?: string;
  /** Requests seen by /token, and how many of them were refused. */
  tokenRequests: number;
  tokenFailures: string[];
  /** Query parameters of the last /authorize request. */
  lastAuthorize?: URLSearchParams;
  close(): Promise<void>;
}

const b64sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startOidcServer(opts: OidcServerOptions): Promise<OidcServer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = randomBytes(8).toString('hex');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { error: 'server_error', error_description: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const state: OidcServer = {
    issuer,
    user: { sub: 'google-sub-1', email: 'user@example.com', email_verified: true, name: 'Test User' },
    tokenRequests: 0,
    tokenFailures: [],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return send(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: ['openid', 'email', 'profile'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/jwks') return send(res, 200, { keys: [jwk] });

    if (req.method === 'GET' && url.pathname === '/authorize') {
      const p = url.searchParams;
      state.lastAuthorize = p;
      const redirectUri = p.get('redirect_uri');
      if (!redirectUri || p.get('client_id') !== opts.clientId)
        return send(res, 400, { error: 'invalid_request', error_description: 'bad client_id or redirect_uri' });
      const back = new URL(redirectUri);
      const st = p.get('state');
      if (st !== null) back.searchParams.set('state', st);
      const scopes = (p.get('scope') ?? '').split(' ');
      if (p.get('response_type') !== 'code' || !scopes.includes('openid') || p.get('code_challenge_method') !== 'S256' || !p.get('code_challenge')) {
        back.searchParams.set('error', 'invalid_request');
      } else {
        const code = randomBytes(24).toString('base64url');
        codes.set(code, {
          clientId: opts.clientId,
          redirectUri,
          codeChallenge: p.get('code_challenge')!,
          nonce: p.get('nonce') ?? undefined,
          user: { ...state.user },
          used: false,
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() });
      return void res.end();
    }

    if (req.method === 'POST' && url.pathname === '/token') {
      state.tokenRequests++;
      const refuse = (status: number, error: string, why: string) => {
        state.tokenFailures.push(why);
        send(res, status, { error, error_description: why });
      };
      const form = new URLSearchParams(await readBody(req));
      let clientId = form.get('client_id');
      let clientSecret = form.get('client_secret');
      const auth = req.headers.authorization;
      if (auth?.startsWith('Basic ')) {
        const [id, secret] = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':');
        clientId = decodeURIComponent(id.replace(/\+/g, ' '));
        clientSecret = decodeURIComponent((secret ?? '').replace(/\+/g, ' '));
      }
      if (clientId !== opts.clientId || clientSecret !== opts.clientSecret) return refuse(401, 'invalid_client', 'client authentication failed');
      if (form.get('grant_type') !== 'authorization_code') return refuse(400, 'unsupported_grant_type', 'grant_type');
      const code = form.get('code') ?? '';
      const pending = codes.get(code);
      if (!pending || pending.used) return refuse(400, 'invalid_grant', 'unknown or used code');
      pending.used = true;
      if (pending.redirectUri !== form.get('redirect_uri')) return refuse(400, 'invalid_grant', 'redirect_uri mismatch');
      const verifier = form.get('code_verifier');
      if (!verifier || b64sha256(verifier) !== pending.codeChallenge) return refuse(400, 'invalid_grant', 'PKCE verification failed');

      const { sub, ...claims } = pending.user;
      const nonce = state.nonceOverride ?? pending.nonce;
      const idToken = await new SignJWT({ ...claims, ...(nonce !== undefined ? { nonce } : {}) })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setSubject(sub)
        .setAudience(state.audienceOverride ?? pending.clientId)
        .setIssuedAt()
        .setExpirationTime('1h') // as Google's
        .sign(privateKey);
      return send(res, 200, {
        access_token: randomBytes(16).toString('hex'),
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'openid email profile',
        id_token: idToken,
      });
    }
    return send(res, 404, { error: 'not_found' });
  }

  return state;
}
