import { describe, expect, it } from 'vitest';
import { SERVICE_CATALOGUE } from '../catalogue.ts';
import { koSiteShell } from './ko-site-shell.ts';

/** Issue 17: the public texts make no savings or progress claims without a source (the spec's "90%", "95%"). */
describe('public texts', () => {
  it('carry no percentage claims in the menus or the service catalogue', () => {
    const texts = JSON.stringify([koSiteShell, SERVICE_CATALOGUE]);
    expect(texts).not.toMatch(/\d+\s?%/);
  });
});
