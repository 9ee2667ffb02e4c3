// Walking a page with the Tab key alone: which controls take focus, and whether each shows it.
import { expect, type Locator, type Page } from '@playwright/test';

export interface TabWalk {
  /** Visible, enabled controls that never took focus (one per roving group: tabs, radios, menus, a time's fields). */
  unreached: string[];
  /** Controls that took focus without a visible indicator. */
  invisibleFocus: string[];
  /** How many times Tab was pressed. */
  presses: number;
}

interface Recorder {
  seen: Set<Element>;
  first: Element | null;
  cycles: number;
  invisible: Map<Element, string>;
}

declare global {
  interface Window {
    __tabWalk?: Recorder;
  }
}

/**
 * Records every element that takes focus and whether its focus is visible: a non-none outline or
 * box-shadow on the element, or on what draws a hidden input (the next sibling: Mantine's switches,
 * checkboxes, radios, segmented controls), or an ancestor's :focus-within outline, or, for Mantine's
 * text fields, whose ring is their border (on the field or on its wrapper), the border in the focus
 * colour.
 */
function installRecorder(): void {
  const recorder: Recorder = { seen: new Set(), first: null, cycles: 0, invisible: new Map() };
  window.__tabWalk = recorder;

  const settle = (el: Element) => {
    // Read the end state, not the first frame of a transition (Mantine fades borders in).
    for (const animation of el.getAnimations()) {
      if (animation instanceof CSSTransition) animation.finish();
    }
    return getComputedStyle(el);
  };
  const hasRing = (el: Element | null, shadowToo = true) => {
    if (!el) return false;
    const style = settle(el);
    const outline =
      style.outlineStyle !== 'none' &&
      Number.parseFloat(style.outlineWidth) > 0 &&
      style.outlineColor !== 'transparent' &&
      style.outlineColor !== 'rgba(0, 0, 0, 0)';
    return outline || (shadowToo && style.boxShadow !== 'none');
  };
  const resolveColor = (value: string) => {
    const probe = document.createElement('span');
    probe.style.color = value;
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  };
  const focusBorder = (el: Element) => {
    if (!el.classList.contains('mantine-Input-input')) return false;
    const style = settle(el);
    const focusColor = style.getPropertyValue('--input-bd-focus').trim();
    return focusColor !== '' && style.borderTopColor === resolveColor(focusColor);
  };
  const focusVisible = (el: Element) => {
    if (hasRing(el) || hasRing(el.nextElementSibling) || focusBorder(el)) return true;
    // A wrapper that draws the ring for the input inside it (:focus-within): password fields, pills.
    for (let up = el.parentElement, depth = 0; up && depth < 4; up = up.parentElement, depth++) {
      if (hasRing(up, false) || focusBorder(up)) return true;
    }
    return false;
  };

  document.addEventListener(
    'focusin',
    (event) => {
      const el = event.target as Element;
      if (el === recorder.first) recorder.cycles++;
      recorder.first ??= el;
      recorder.seen.add(el);
      if (!focusVisible(el)) recorder.invisible.set(el, describe(el));
      else recorder.invisible.delete(el);
    },
    true,
  );

  function describe(el: Element): string {
    const role = el.getAttribute('role');
    const name =
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.getAttribute('placeholder') ??
      el.getAttribute('name') ??
      el.textContent ??
      '';
    const mantine = [...el.classList].find((c) => c.startsWith('mantine-'));
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}${mantine ? ` .${mantine}` : ''}> "${name.trim().slice(0, 60)}"`;
  }
  // Also used by findUnreached, which runs in a later evaluate.
  (window as unknown as { __describe: typeof describe }).__describe = describe;
}

/** The visible, enabled controls no Tab reached, one per roving group. */
function findUnreached(): string[] {
  const recorder = window.__tabWalk as Recorder;
  const describe = (window as unknown as { __describe: (el: Element) => string }).__describe;
  const CONTROLS = [
    'a[href]',
    'button',
    'input:not([type=hidden])',
    'select',
    'textarea',
    'summary',
    '[contenteditable=""]',
    '[contenteditable=true]',
    '[tabindex]:not([tabindex="-1"])',
    ...[
      'button',
      'link',
      'combobox',
      'switch',
      'tab',
      'checkbox',
      'radio',
      'menuitem',
      'slider',
      'spinbutton',
    ].map((role) => `[role=${role}]`),
  ].join(',');
  const shown = (el: Element) => {
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && el.checkVisibility({ visibilityProperty: true });
  };
  const visible = (el: Element) => {
    if (shown(el)) return true;
    // A visually hidden input is drawn by its label (segmented controls, chips).
    const labels = (el as HTMLInputElement).labels;
    return labels ? [...labels].some(shown) : false;
  };
  // A control hidden from assistive tech but shown and clickable still counts: a pointer-only control.
  const enabled = (el: Element) => !el.matches(':disabled') && !el.closest('[aria-disabled="true"], [inert]');
  /** Roving tab index: one member of the group is in the tab order, the arrow keys move within it. */
  const rovingGroup = (el: Element): Element | string | null => {
    const role = el.getAttribute('role');
    if (role === 'tab') return el.closest('[role=tablist]');
    if (role === 'menuitem') return el.closest('[role=menu], [role=menubar]');
    if (role === 'radio' || (el as HTMLInputElement).type === 'radio') {
      const name = (el as HTMLInputElement).name;
      return el.closest('[role=radiogroup]') ?? (name ? `radio:${name}` : null);
    }
    // A time field (Mantine's TimePicker) is one tab stop: its hours take focus, and typing the
    // hours or ArrowRight moves to the minutes (date-fields.test.tsx holds it to that).
    if (role === 'spinbutton') return el.closest('.mantine-TimePicker-fieldsGroup');
    return null;
  };

  // Pointer-only controls whose action the keyboard has in the field they belong to: Mantine's
  // number steppers (ArrowUp/ArrowDown in the field step it, as the spinbutton pattern has it).
  const KEYBOARD_EQUIVALENT = '.mantine-NumberInput-control';

  const reachedGroups = new Set<Element | string>();
  for (const el of recorder.seen) {
    const group = rovingGroup(el);
    if (group) reachedGroups.add(group);
  }
  const unreached: string[] = [];
  const reportedGroups = new Set<Element | string>();
  for (const el of document.querySelectorAll(CONTROLS)) {
    if (recorder.seen.has(el) || !visible(el) || !enabled(el) || el.matches(KEYBOARD_EQUIVALENT)) continue;
    const group = rovingGroup(el);
    if (group) {
      if (reachedGroups.has(group) || reportedGroups.has(group)) continue;
      reportedGroups.add(group);
    }
    unreached.push(describe(el));
  }
  return unreached;
}

/**
 * Presses Tab from where focus is now until the tab order has come round at least once and every
 * visible control has been reached (controls that arrive with late data get a second round), or
 * until `budget` presses.
 */
export async function walkTabOrder(page: Page, budget = 200): Promise<TabWalk> {
  await page.evaluate(installRecorder);
  let presses = 0;
  let unreached: string[] = [];
  let roundsSeen = 0;
  while (presses < budget) {
    for (let i = 0; i < 10 && presses < budget; i++, presses++) await page.keyboard.press('Tab');
    const cycles = await page.evaluate(() => window.__tabWalk?.cycles ?? 0);
    if (cycles > roundsSeen) {
      roundsSeen = cycles;
      unreached = await page.evaluate(findUnreached);
      if (unreached.length === 0) break;
    }
  }
  if (roundsSeen === 0 || unreached.length > 0) unreached = await page.evaluate(findUnreached);
  const invisibleFocus = await page.evaluate(() => [...(window.__tabWalk?.invisible.values() ?? [])]);
  return { unreached, invisibleFocus, presses };
}

/** Presses Tab until `target` has focus, at most `max` times; fails if it never does. */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `not reached within ${max} presses of Tab`).toBeFocused({ timeout: 1 });
}
