import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from './fixtures.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** axe-core's WCAG 2.x A and AA rules over the page as it is now, once loaded and hydrated (the splash is gone). */
export async function expectNoAxeViolations(page: Page, where: string = page.url()): Promise<void> {
  await page.waitForFunction(() => document.documentElement.classList.contains('splash-done'));
  // Evaluated rather than added as a <script>: a page's content security policy cannot refuse it.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    interface AxeResults {
      violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[]; failureSummary?: string }> }>;
    }
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      elements: violation.nodes.map((node) => `${node.target.join(' ')} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`),
    }));
  }, WCAG_TAGS);
  expect(violations, `axe found WCAG A/AA violations on ${where}:\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** How far the page scrolls sideways (0 when it fits its width). */
export const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
