/**
 * Starts the fake Kakao and Naver Login for end-to-end tests: `node serve-fake-oauth.ts <port>`.
 * Client ids and secrets are FAKE_OAUTH_CLIENTS; accounts are added by the specs through POST /_fake/users.
 */
import { startFakeOAuthProviders, FAKE_OAUTH_CLIENTS } from './fake-oauth-providers.ts';

const [port = '3213'] = process.argv.slice(2);
const fake = await startFakeOAuthProviders(FAKE_OAUTH_CLIENTS, Number(port));
process.stdout.write(`fake kakao/naver ${fake.url}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
