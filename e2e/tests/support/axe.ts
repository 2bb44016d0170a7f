import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page as it is now (WCAG 2.1 A and AA rules) and fails with one readable line per
 * violation: rule id, impact, what it checks, how many elements, and the first offending element.
 */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const lines = results.violations.map((violation) => {
    const first = violation.nodes[0];
    const target = first
      ? first.target.map((t) => (Array.isArray(t) ? t.join(' >> ') : String(t))).join(' ')
      : '?';
    const more = violation.nodes.length > 1 ? ` (+${violation.nodes.length - 1} more)` : '';
    return `- ${violation.id} [${violation.impact ?? 'n/a'}] ${violation.help}: ${target}${more}`;
  });
  expect(
    lines,
    `axe found ${lines.length} WCAG 2.1 A/AA violation(s) on ${page.url()}:\n${lines.join('\n')}`,
  ).toEqual([]);
}
