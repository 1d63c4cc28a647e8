import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeBudgets, routeJavaScriptGzip } from '../../bench/web-size';

// The built web app, as `npm test` builds it before the tests run.
const webRoot = path.resolve('dist/web');

describe('JavaScript a phone downloads before a page shows', () => {
  for (const budget of routeBudgets.filter((entry) => entry.limitKb !== undefined)) {
    it(`${budget.name} stays within ${budget.limitKb} KB`, () => {
      const kb = routeJavaScriptGzip(webRoot, budget.modules) / 1024;
      expect(kb).toBeGreaterThan(20);
      expect(kb).toBeLessThanOrEqual(budget.limitKb!);
    });
  }
});
