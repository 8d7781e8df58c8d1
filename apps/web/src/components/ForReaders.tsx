/**
 * Words a screen reader reads after a control's visible label, saying which
 * record it acts on ("Add KPI — Grow revenue"): the control's name starts
 * with what is seen (WCAG 2.5.3, label in name), where an aria-label would
 * replace it.
 */
export function ForReaders({ children }: { children: string }) {
  return <span className="visually-hidden">{` — ${children}`}</span>;
}
