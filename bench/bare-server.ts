import Fastify from 'fastify';

// The floor the API figures are compared with: Fastify answering a constant JSON body.
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ user: { id: '1', username: 'bench', email: 'bench@example.test', role: 'free' } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
