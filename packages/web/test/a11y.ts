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
  /** a WCAG 2.x A/AA success criterion (every impact fails), not only a best practice */
  wcag: boolean;
  impact: string | null;
  help: string;
  helpUrl: string;
  targets: string[];
}

interface AxeResult {
  violations: {
    id: string;
    tags: string[];
    impact?: string | null;
    help: string;
    helpUrl: string;
    nodes: { target: unknown[]; html: string }[];
  }[];
}

/** The WCAG 2.0/2.1/2.2 A and AA rules (2.2's is target-size, off in axe's default run), with
 * axe's best practices beside them. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/** Runs axe-core on the page (or on `selector` within it) and returns its violations. */
export async function axeViolations(page: Page, selector?: string): Promise<A11yViolation[]> {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated, not added as a <script>: the server's Content-Security-Policy (script-src 'self')
  // rightly blocks inline scripts, and the page under test keeps its real policy.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = (await page.evaluate(
    async ([sel, tags]) => {
      const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe;
      return axe.run(sel ?? document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: tags } });
    },
    [selector ?? null, [...WCAG_TAGS, 'best-practice']] as const,
  )) as AxeResult;
  return result.violations.map((v) => ({
    id: v.id,
    wcag: v.tags.some((t) => (WCAG_TAGS as readonly string[]).includes(t)),
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

/** Fails when axe-core finds a violation of a WCAG 2.x A/AA criterion (2.2 included), of any
 * impact, or a serious or critical one of its best practices. */
export async function expectNoSeriousViolations(page: Page, what = 'page', selector?: string): Promise<void> {
  const serious: A11yViolation[] = [];
  for (const v of await axeViolations(page, selector)) {
    if (!v.wcag && v.impact !== 'serious' && v.impact !== 'critical') continue;
    const targets = v.targets.filter((t) => {
      const p = pendingFor(v, t);
      if (p) pendingSeen.add(p);
      return !p;
    });
    if (targets.length) serious.push({ ...v, targets });
  }
  if (serious.length)
    throw new Error(`axe-core: ${serious.length} WCAG or serious/critical on ${what}:\n${describeViolations(serious)}`);
}

/** WCAG 1.4.10 Reflow: at 320 CSS px wide the page does not scroll sideways; a failure names the
 * outermost elements that stick out past the right edge. `alsoAt320` runs at that width first. */
export async function expectReflow(page: Page, what = 'page', alsoAt320?: () => Promise<void>): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  try {
    await alsoAt320?.();
    const r = await page.evaluate(() => {
      const el = document.scrollingElement!;
      const wide = [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > el.clientWidth + 1)
        .filter((e) => !e.parentElement || e.parentElement.getBoundingClientRect().right <= el.clientWidth + 1)
        .slice(0, 6)
        .map(
          (e) =>
            `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} right=${Math.round(e.getBoundingClientRect().right)}`,
        );
      return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, wide };
    });
    if (r.scrollWidth > r.clientWidth + 1)
      throw new Error(
        `reflow at 320 px: ${what} scrolls sideways (${r.scrollWidth} > ${r.clientWidth}):\n    ${r.wide.join('\n    ')}`,
      );
  } finally {
    if (before) await page.setViewportSize(before);
  }
}

/**
 * Focus order (WCAG 2.4.3) and focus not obscured (2.4.11, AA in 2.2): the Tab key walks the
 * screen's controls in document order (no positive tabindex jumping ahead, no element skipped
 * back to), and each control it lands on is on screen and not covered by another element (a
 * sticky header, a dialog's backdrop). Walks at most `max` stops, from the top of the page, and
 * ends where it comes round to a stop already seen.
 */
export async function expectFocusOrder(page: Page, what = 'page', max = 25): Promise<void> {
  // Tab starts from the top of the page (a mark focused there and removed leaves Chromium's
  // starting point of sequential navigation at its place), or where an open dialog put it
  await page.evaluate(() => {
    if (document.activeElement?.closest('[role=dialog], [aria-modal=true], dialog')) return;
    window.scrollTo(0, 0);
    const mark = document.createElement('span');
    mark.tabIndex = -1;
    document.body.prepend(mark);
    mark.focus();
    mark.remove();
  });
  const found: string[] = [];
  await page.evaluate(() => {
    (window as unknown as { __stops: Element[] }).__stops = [];
  });
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const r = await page.evaluate(() => {
      const w = window as unknown as { __stops: Element[] };
      const el = document.activeElement;
      const name = (e: Element) =>
        `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${[...e.classList].map((c) => '.' + c).join('')} "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 30)}"`;
      if (!el || el === document.body) return { done: true, problem: null };
      // back to a stop already seen: the walk has come round (a dialog keeps focus within itself)
      if (w.__stops.includes(el)) return { done: true, problem: null };
      const prev = w.__stops[w.__stops.length - 1];
      w.__stops.push(el);
      let problem: string | null = null;
      if (prev && prev.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING) {
        // a dialog that keeps focus within itself comes round from its last control to its first
        const scope = el.closest('[role=dialog], [aria-modal=true], dialog');
        const first = scope
          ? [...scope.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].find(
              (e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled && e.getClientRects().length > 0,
            )
          : undefined;
        if (!scope || el !== first || w.__stops.includes(scope))
          problem = `focus went back from ${name(prev)} to ${name(el)}`;
        if (scope) w.__stops.push(scope);
      }
      const b = el.getBoundingClientRect();
      const x = Math.min(Math.max(b.left + b.width / 2, 0), innerWidth - 1);
      const y = Math.min(Math.max(b.top + b.height / 2, 0), innerHeight - 1);
      const top = document.elementFromPoint(x, y);
      const inside = (t: Element | null) =>
        !!t && (el.contains(t) || t.contains(el) || (t instanceof HTMLLabelElement && t.control === el));
      if (b.width === 0 || b.height === 0) problem ??= `${name(el)} has no size`;
      else if (b.bottom <= 0 || b.top >= innerHeight || b.right <= 0 || b.left >= innerWidth)
        problem ??= `${name(el)} is off screen`;
      else if (!inside(top)) problem ??= `${name(el)} is covered by ${top ? name(top) : 'nothing'}`;
      return { done: false, problem };
    });
    if (r.done) break;
    if (r.problem) found.push(r.problem);
  }
  if (found.length) throw new Error(`focus on ${what}:\n    ${found.slice(0, 8).join('\n    ')}`);
}
