// Accessibility checks with axe-core, run inside the page under test (real Chromium).
// `expectNoSeriousViolations(page)` fails with a readable list of every serious or critical
// violation: rule id, impact, help text and the elements it found.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let axeSource: string | null = null;

export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  targets: string[];
}

interface AxeResult {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    helpUrl: string;
    nodes: { target: unknown[]; html: string }[];
  }[];
}

/** Runs axe-core on the page (or on `selector` within it) and returns its violations. */
export async function axeViolations(page: Page, selector?: string): Promise<A11yViolation[]> {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated, not added as a <script>: the server's Content-Security-Policy (script-src 'self')
  // rightly blocks inline scripts, and the page under test keeps its real policy.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = (await page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe;
    return axe.run(sel ?? document, { resultTypes: ['violations'] });
  }, selector ?? null)) as AxeResult;
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? null,
    help: v.help,
    helpUrl: v.helpUrl,
    targets: v.nodes.map((n) => `${JSON.stringify(n.target).replace(/\s/g, '')} ${n.html.slice(0, 160)}`),
  }));
}

export function describeViolations(vs: readonly A11yViolation[]): string {
  return vs.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.targets.slice(0, 6).join('\n    ')}`).join('\n');
}

/**
 * Findings in files another part of the project owns, waiting for the fix written here to be
 * applied there. Each one is matched by rule and by the offending element only, so any other
 * finding still fails; `pendingSeen` lets a test check that each one still reproduces (and so
 * must be deleted from this list once its fix lands).
 */
export interface PendingFix {
  readonly rule: string;
  readonly element: RegExp;
  readonly file: string;
  readonly fix: string;
}
export const PENDING_FIXES: readonly PendingFix[] = [];
export const pendingSeen = new Set<PendingFix>();

function pendingFor(v: A11yViolation, target: string): PendingFix | undefined {
  return PENDING_FIXES.find((p) => p.rule === v.id && p.element.test(target));
}

/** Fails when axe-core finds a serious or critical violation (WCAG 2 A/AA and best practice). */
export async function expectNoSeriousViolations(page: Page, what = 'page', selector?: string): Promise<void> {
  const serious: A11yViolation[] = [];
  for (const v of await axeViolations(page, selector)) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    const targets = v.targets.filter((t) => {
      const p = pendingFor(v, t);
      if (p) pendingSeen.add(p);
      return !p;
    });
    if (targets.length) serious.push({ ...v, targets });
  }
  if (serious.length)
    throw new Error(`axe-core: ${serious.length} serious/critical on ${what}:\n${describeViolations(serious)}`);
}
