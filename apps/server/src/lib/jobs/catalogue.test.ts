import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from '../../test/helpers.ts';
import { JOB_KINDS, SCHEDULES } from './catalogue.ts';

describe('the job catalogue is the whole truth', () => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('buildApp registers exactly the job kinds and schedules the catalogue lists', () => {
    const { kinds, schedules } = t.app.jobs.registered();
    expect(kinds).toEqual(Object.keys(JOB_KINDS).sort());
    expect(schedules).toEqual(Object.keys(SCHEDULES).sort());
  });
});
