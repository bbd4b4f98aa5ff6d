// A real server process with one slow route, for the graceful-shutdown test.
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { runServer } from '../server.ts';

const app = await buildApp(loadConfig(), { logger: false });
app.get('/api/test-slow', async () => {
  await new Promise((r) => setTimeout(r, 800));
  return { finished: true };
});
await runServer(app);
process.stdout.write(`LISTENING ${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : 0}\n`);
