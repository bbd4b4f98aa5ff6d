/**
 * Starts the fake billing services for the development server and end-to-end tests:
 * `node apps/server/src/test-support/serve-fake-billing.ts <port>` (default 3410). Toss Payments answers on
 * http://127.0.0.1:<port> with the keys FAKE_TOSS_KEYS: give the server TOSS_CLIENT_KEY, TOSS_SECRET_KEY,
 * TOSS_API_URL=http://127.0.0.1:<port> and TOSS_SDK_URL=http://127.0.0.1:<port>/v1/payment (printed below).
 */
import { FAKE_TOSS_KEYS, startFakeToss } from '../modules/billing/testing/fake-toss.ts';

const [port = '3410'] = process.argv.slice(2);
const toss = await startFakeToss({ ...FAKE_TOSS_KEYS, port: Number(port) });
process.stdout.write(`fake toss ${toss.url}\n`);
for (const [k, v] of Object.entries(toss.env)) process.stdout.write(`  ${k}=${v}\n`);
const stop = () => void Promise.all([toss.close()]).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
