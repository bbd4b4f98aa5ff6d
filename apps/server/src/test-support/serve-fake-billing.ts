/**
 * Starts the fake billing services for the development server and end-to-end tests:
 * `node apps/server/src/test-support/serve-fake-billing.ts <port>` (default 3410). Toss Payments answers on
 * http://127.0.0.1:<port> with the keys FAKE_TOSS_KEYS: give the server TOSS_CLIENT_KEY, TOSS_SECRET_KEY,
 * TOSS_API_URL=http://127.0.0.1:<port> and TOSS_SDK_URL=http://127.0.0.1:<port>/v1/payment (printed below).
 * Popbill answers on <port>+1 (POPBILL_LINK_ID, POPBILL_SECRET_KEY, POPBILL_CORP_NUM, POPBILL_API_URL and
 * POPBILL_AUTH_URL both that address) and the NTS status API on <port>+2 (NTS_BIZ_API_URL, NTS_BIZ_API_KEY); every
 * 사업자등록번호 with a valid check digit is unknown to the fake NTS until registered (POST /_fake/register).
 */
import { FAKE_TOSS_KEYS, startFakeToss } from '../modules/billing/testing/fake-toss.ts';
import { startFakePopbill } from '../modules/billing/testing/fake-popbill.ts';
import { startFakeNts } from '../modules/billing/testing/fake-nts.ts';

const [port = '3410'] = process.argv.slice(2);
const toss = await startFakeToss({ ...FAKE_TOSS_KEYS, port: Number(port) });
process.stdout.write(`fake toss ${toss.url}\n`);
for (const [k, v] of Object.entries(toss.env)) process.stdout.write(`  ${k}=${v}\n`);
const popbill = await startFakePopbill({ port: Number(port) + 1 });
const nts = await startFakeNts({ port: Number(port) + 2 });
process.stdout.write(`fake popbill ${popbill.url}, fake nts ${nts.url}\n`);
for (const [k, v] of Object.entries({ ...popbill.env, ...nts.env })) process.stdout.write(`  ${k}=${v}\n`);
const stop = () => void Promise.all([toss.close(), popbill.close(), nts.close()]).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
