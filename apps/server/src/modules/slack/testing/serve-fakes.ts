/**
 * Starts the fake Slack and the fake language model for end-to-end tests:
 * `node serve-fakes.ts <slackPort> <llmPort> <clientId> <clientSecret>`.
 */
import { startFakeLlm } from './fake-llm.ts';
import { startFakeSlack } from './fake-slack.ts';

const [slackPort = '3212', llmPort = '3213', clientId = 'e2e-client', clientSecret = 'e2e-secret'] = process.argv.slice(2);
const slack = await startFakeSlack({ clientId, clientSecret }, Number(slackPort));
const llm = await startFakeLlm(Number(llmPort));
process.stdout.write(`fake slack ${slack.url}, fake llm ${llm.url}\n`);
const stop = () => void Promise.all([slack.close(), llm.close()]).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
