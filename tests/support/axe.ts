import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './server';

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/**
 * axe-core's serious and critical violations on the page as it is now, one line each (rule,
 * impact, the elements). The page's CSP must allow the injected script (see how the a11y
 * tests open their pages).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: path.join(repoRoot, 'node_modules/axe-core/axe.min.js') });
  const violations = (await page.evaluate(
    'window.axe.run().then((r) => r.violations)',
  )) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
