/** A test app whose clock the test moves (session lifetimes), on a fresh database of the given kind. */
import { buildApp } from '../app.ts';
import { freshDatabase, testConfig, testState, type TTestContext } from '../test/helpers.ts';

export type TClock = { now: () => Date; advance: (ms: number) => void };

export function movableClock(start = Date.now()): TClock {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}

export async function createClockApp(kind: 'pglite' | 'postgres', env: Record<string, string>, clock: TClock): Promise<TTestContext> {
  const config = testConfig(env);
  const database = await freshDatabase(kind);
  const state = await testState(kind);
  const app = await buildApp(config, { database, state, logger: false, now: clock.now });
  await app.ready();
  return {
    app,
    database,
    state,
    config,
    close: async () => {
      await app.close();
      await state.close();
      await database.close();
    },
  };
}
