// A real server process with one slow route, for the graceful-shutdown test (server.test.ts): the test app configured
// from this process's environment (as `main.ts` is) and served by the production entry's `runServer`, on an in-memory
// PGlite copied from the migrated template (no migrations at start) and the shared state its config names. It prints
// LISTENING <port> once listening and SLOW STARTED when the slow request is in.
import { runServer } from '../server.ts';
import { createTestApp } from './helpers.ts';

const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
const { app } = await createTestApp('pglite', {
  env,
  state: 'config',
  extend: (app) =>
    app.get('/api/test-slow', async () => {
      process.stdout.write('SLOW STARTED\n');
      await new Promise((r) => setTimeout(r, 800));
      return { finished: true };
    }),
});
await runServer(app);
process.stdout.write(`LISTENING ${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : 0}\n`);
