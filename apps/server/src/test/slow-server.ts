// A real server process with one slow route, for the graceful-shutdown test: the test app with the database and shared
// state its config names (as in production), on a free port, served by the production entry's `runServer`.
import { runServer } from '../server.ts';
import { createTestApp } from './helpers.ts';

const { app } = await createTestApp('pglite', {
  env: { PORT: '0' },
  database: 'config',
  state: 'config',
  extend: (app) =>
    app.get('/api/test-slow', async () => {
      // Tells the test that the request is in flight (it sends SIGTERM then); it stays in flight a while longer.
      process.stdout.write('SLOW STARTED\n');
      await new Promise((r) => setTimeout(r, 800));
      return { finished: true };
    }),
});
await runServer(app);
process.stdout.write(`LISTENING ${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : 0}\n`);
