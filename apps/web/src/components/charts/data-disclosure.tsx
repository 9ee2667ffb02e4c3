// A chart's text alternative: its numbers in a real table behind a native <details>, which a screen
// reader and a keyboard open like any disclosure. The table is rendered once opened (years of daily
// bars are a thousand rows), unless `keepRendered` asks for it up front.
import { type ReactNode, useState } from 'react';
import classes from './data-disclosure.module.css';

export { classes as chartClasses };

export function DataDisclosure({
  label,
  children,
  keepRendered = false,
  testId,
}: {
  label: string;
  children: ReactNode;
  keepRendered?: boolean;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className={classes.details}
      data-testid={testId}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className={classes.summary}>{label}</summary>
      {open || keepRendered ? (
        // A region that scrolls takes focus, so a keyboard can scroll it (axe: scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        <section className={classes.body} tabIndex={0} aria-label={label}>
          {children}
        </section>
      ) : null}
    </details>
  );
}
