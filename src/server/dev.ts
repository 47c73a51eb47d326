import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `npm run dev`: the API server restarted on change (tsx watch) and Vite's dev server with
 * hot module reload, which proxies /api to it. Open http://localhost:5173.
 */
const children: ChildProcess[] = [];
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    for (const c of children) if (c !== child) c.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  children.push(child);
}

run('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/index.ts'], {
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  APP_ORIGIN: process.env.APP_ORIGIN ?? 'http://localhost:5173',
  SEED_DEMO_USERS: process.env.SEED_DEMO_USERS ?? 'true',
});
run('npx', ['vite', '--port', '5173', '--strictPort']);

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    for (const c of children) c.kill(sig);
  });
}
