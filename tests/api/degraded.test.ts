import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, openDatabase, type Database } from '../../src/db/client';
import { addReferenceDocument } from '../../src/server/services/plagiarism-store';
import { createUser } from '../../src/server/services/users';
import { startLlm, type FakeLlm } from '../helpers/llm-server';
import { cookieFrom, createAppOn, createTestApp, createTestDatabase, get, json, login, post, register, uniqueUser, type TestApp } from '../helpers/app';

const ESSAY =
  'The committee met on a wet Tuesday to decide the fate of the old swimming baths. Some wanted a library, some a market hall, ' +
  'and one retired engineer argued for an hour that the pool itself should simply be mended and reopened, which in the end it was.';

describe('degraded mode: the database goes away under a running app', () => {
  let app: FastifyInstance;
  let victim: Database;
  let cleanup: () => Promise<void>;
  let cookie: string;
  let credentials: { email: string; password: string };

  beforeAll(async () => {
    const tdb = await createTestDatabase();
    // On PostgreSQL the app gets a pool of its own, so the test database can still be dropped after the outage.
    victim = tdb.url ? await openDatabase({ databaseUrl: tdb.url, poolSize: 2 }) : tdb.database;
    ({ app } = await createAppOn(victim));
    const u = uniqueUser('outage');
    cookie = await register(app, u);
    credentials = { email: u.email, password: u.password };
    expect((await get(app, '/api/health')).statusCode).toBe(200);
    await victim.close();
    cleanup = async () => {
      await app.close();
      if (tdb.url) await tdb.close(); // PGlite: the in-memory database is already gone
    };
  });
  afterAll(async () => {
    await cleanup?.();
  });

  function expectUnavailable(res: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(res)).toMatchObject({ error: { code: 'service_unavailable' } });
    expect(typeof json(res).error.message).toBe('string');
  }

  it('tool routes answer 503 with Retry-After, for visitors and users', async () => {
    expectUnavailable(await post(app, '/api/tools/content-detector', { text: ESSAY }));
    expectUnavailable(await post(app, '/api/tools/content-detector', { text: ESSAY }, { cookie }));
    expectUnavailable(await post(app, '/api/tools/plagiarism-checker', { text: ESSAY }, { cookie }));
  });

  it('auth routes answer 503 with Retry-After', async () => {
    expectUnavailable(await get(app, '/api/auth/me', cookie));
    expectUnavailable(await login(app, credentials.email, credentials.password));
    expectUnavailable(await post(app, '/api/auth/register', uniqueUser('late')));
  });

  it('readiness is 503 (so a load balancer routes elsewhere); liveness stays 200', async () => {
    const ready = await get(app, '/api/health/ready');
    expectUnavailable(ready);
    expect(json(ready)).toMatchObject({ status: 'unavailable', reason: 'database_unreachable' });
    expectUnavailable(await get(app, '/api/health'));
    const live = await get(app, '/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(json(live)).toEqual({ status: 'ok' });
  });
});

describe('degraded mode on PostgreSQL: the server stops answering connections, then comes back', () => {
  // A TCP relay in front of the test database stands for the network path: closing it refuses new connections and
  // cuts the open ones, as a database restart or failover does.
  const sockets = new Set<Socket>();
  let relay: Server | null = null;
  let relayPort = 0;
  let upstream: URL;
  const startRelay = () =>
    new Promise<void>((resolve) => {
      relay = createServer((client) => {
        const server = connect(Number(upstream.port || 5432), upstream.hostname);
        for (const s of [client, server]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(server).pipe(client);
      });
      relay.listen(relayPort, '127.0.0.1', () => {
        relayPort = (relay!.address() as AddressInfo).port;
        resolve();
      });
    });
  const stopRelay = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      const r = relay;
      relay = null;
      if (r) r.close(() => resolve());
      else resolve();
    });

  it.skipIf(!process.env.TEST_DATABASE_URL)('503 with Retry-After during the outage, 200 again once the database is back', async () => {
    const tdb = await createTestDatabase();
    upstream = new URL(tdb.url!);
    await startRelay();
    const via = new URL(tdb.url!);
    via.hostname = '127.0.0.1';
    via.port = String(relayPort);
    const database = await openDatabase({ databaseUrl: via.toString(), poolSize: 2 });
    const { app } = await createAppOn(database);
    try {
      const cookie = await register(app);
      expect((await get(app, '/api/auth/me', cookie)).statusCode).toBe(200);

      await stopRelay();
      for (const res of [
        await get(app, '/api/auth/me', cookie),
        await post(app, '/api/tools/content-detector', { text: ESSAY }),
        await get(app, '/api/health/ready'),
      ]) {
        expect(res.statusCode, res.body).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(json(res).error.code).toBe('service_unavailable');
      }
      expect((await get(app, '/api/health/live')).statusCode).toBe(200);

      await startRelay();
      expect((await get(app, '/api/health/ready')).statusCode).toBe(200);
      expect((await get(app, '/api/auth/me', cookie)).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await stopRelay();
      await tdb.close();
    }
  });
});

describe('health checks on a healthy database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('live and ready answer 200 without a cache; /api/health keeps its answer', async () => {
    for (const url of ['/api/health/live', '/api/health/ready', '/api/health']) {
      const res = await get(t.app, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(json(await get(t.app, '/api/health/ready'))).toEqual({ status: 'ok', database: t.kind });
    expect(json(await get(t.app, '/api/health'))).toEqual({ status: 'ok', database: t.kind });
  });

  it('readiness is 503 while a migration of this build is not applied', async () => {
    // Forget the last applied migration, as on a database an older build migrated.
    const { sql } = await import('drizzle-orm');
    const last = (await t.ctx.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as {
      rows: { id: number; hash: string; created_at: string }[];
    };
    const row = last.rows[0];
    await t.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const res = await get(t.app, '/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(json(res)).toMatchObject({ status: 'unavailable', reason: 'migrations_pending', error: { code: 'service_unavailable' } });
    } finally {
      await t.ctx.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`);
    }
    expect((await get(t.app, '/api/health/ready')).statusCode).toBe(200);
  });
});

describe('database errors that mean "unavailable"', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
  it.each([
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['administrator shutdown', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['too many connections', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['connection failure', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['connection terminated', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['closed pool', new Error('Cannot use a pool after calling end on the pool')],
    ['closed PGlite, wrapped by drizzle', wrapped(new Error('PGlite is closed'))],
    ['refused, wrapped by drizzle', wrapped(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))],
  ])('%s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });
  it.each([
    ['unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['syntax error', wrapped(Object.assign(new Error('syntax error'), { code: '42601' }))],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('not %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('NUL characters in staff text fields', () => {
  let t: TestApp;
  let admin: string;
  let postId: string;
  const NUL = 'a\u0000b';
  beforeAll(async () => {
    t = await createTestApp();
    const u = uniqueUser('nuladmin');
    await createUser(t.ctx.db, { ...u, role: 'admin' });
    admin = cookieFrom(await login(t.app, u.email, u.password));
    const res = await post(t.app, '/api/admin/blog/posts', { title: 'A clean post', content: 'Clean content.' }, { cookie: admin });
    expect(res.statusCode, res.body).toBe(201);
    postId = json(res).post.id;
    expect(postId).toBeTruthy();
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, payload: payload as never, headers: { cookie: admin } });

  const blogCreate = { title: 'A post', content: 'Some content.', excerpt: 'An excerpt.', slug: 'a-post' };
  const library = { title: 'A document', reference: 'Notebook 1', licence: 'CC0', text: 'Some reference text of a few words.' };
  const cases: [string, () => ReturnType<typeof send>][] = [
    ...(['title', 'content', 'excerpt', 'slug'] as const).map((f): [string, () => ReturnType<typeof send>] => [
      `blog create: ${f}`,
      () => send('POST', '/api/admin/blog/posts', { ...blogCreate, [f]: NUL }),
    ]),
    ...(['title', 'content', 'excerpt', 'slug'] as const).map((f): [string, () => ReturnType<typeof send>] => [
      `blog update: ${f}`,
      () => send('PATCH', `/api/admin/blog/posts/${postId}`, { [f]: NUL }),
    ]),
    ...(['title', 'reference', 'licence', 'text'] as const).map((f): [string, () => ReturnType<typeof send>] => [
      `library add: ${f}`,
      () => send('POST', '/api/admin/library', { ...library, [f]: NUL }),
    ]),
    ['plan edit: name', () => send('PUT', '/api/admin/plans/basic', { name: NUL })],
    ['plan edit: description', () => send('PUT', '/api/admin/plans/basic', { description: NUL })],
    ['plan edit: highlights', () => send('PUT', '/api/admin/plans/basic', { highlights: ['Fine', NUL] })],
  ];

  it.each(cases)('%s is refused with 400', async (_name, run) => {
    const res = await run();
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res).error).toMatchObject({ code: 'validation_failed', message: 'Text fields cannot contain NUL characters.' });
  });

  it('a library import whose text holds NULs (a JSONL file, the import command) stores the text without them', async () => {
    const res = await addReferenceDocument(t.ctx.db, {
      title: 'Marsh\u0000 notes',
      reference: 'Notebook\u0000 9',
      origin: 'staff',
      text: 'Field notes from the marsh:\u0000 herons at dawn, a bittern booming twice, and reed warblers in the rushes by the sluice.',
    });
    expect(res.created).toBe(true);
    const list = json(await get(t.app, '/api/admin/library?origin=staff', admin));
    expect(list.items.find((d: { id: string }) => d.id === res.id)).toMatchObject({ title: 'Marsh notes', reference: 'Notebook 9' });
  });

  it('tool text with a NUL is refused with 400 too, never a 500', async () => {
    const res = await post(t.app, '/api/tools/plagiarism-checker', { text: `${ESSAY} \u0000` });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.message).toBe('Text fields cannot contain NUL characters.');
  });
});

describe('slow request bodies', () => {
  let t: TestApp;
  let llm: FakeLlm;
  let port: number;
  beforeAll(async () => {
    llm = await startLlm({ status: 200, content: 'A rewritten text that took the model a while to write.', delayMs: 2_500 });
    t = await createTestApp({ REQUEST_TIMEOUT_MS: '1000', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '10000' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  it('a client that announces 1,000 bytes and sends 11 is answered 408 and disconnected within the timeout', async () => {
    const started = Date.now();
    const outcome = await new Promise<{ data: string; closedAfterMs: number }>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let data = '';
      const guard = setTimeout(() => {
        socket.destroy();
        resolve({ data, closedAfterMs: Infinity });
      }, 8_000);
      socket.on('data', (d) => (data += d.toString()));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearTimeout(guard);
        resolve({ data, closedAfterMs: Date.now() - started });
      });
      socket.write('POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n' + '{"email":"a');
    });
    expect(outcome.closedAfterMs).toBeLessThan(5_000);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(900);
    if (outcome.data) expect(outcome.data).toMatch(/^HTTP\/1\.1 408/);
  });

  it('an answer that takes longer than the request timeout is not cut off', async () => {
    const cookie = await register(t.app);
    const res = await fetch(`http://127.0.0.1:${port}/api/tools/ai-rewriter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ text: ESSAY, tone: 'academic' }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(llm.requests.length).toBeGreaterThan(0);
  });
});
