// A button that stays focusable while locked (aria-disabled) looks locked by its colours, not by
// opacity, which would dim its focus ring below 3:1 as well (WCAG 1.4.11).
const base =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg px-4 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:bg-canvas aria-disabled:text-muted motion-reduce:transition-none';

/** A filled or outlined button: a 44 px box. */
const boxed = 'min-h-11 py-2.5';

/**
 * A filled button's edge: transparent, and drawn in the system's colour where forced colours
 * paint every background alike, so that the button still reads as a button there.
 */
const filled = `${boxed} border border-transparent`;

const variants = {
  primary: `${filled} bg-primary text-white hover:bg-primary-strong`,
  secondary: `${filled} bg-secondary text-on-secondary hover:bg-secondary-strong`,
  outline: `${boxed} border border-line bg-card text-ink hover:bg-canvas`,
  // A text link draws no box, so it takes no more height than its line and the 24 px of a
  // target (WCAG 2.5.8): a box's padding around it would read as a card's uneven padding.
  quiet: 'min-h-6 py-0.5 text-link underline-offset-4 hover:underline',
  // What cannot be undone (cancelling a booking): not the colour of going on.
  danger: `${filled} bg-danger text-on-danger hover:bg-danger-strong`,
} as const;

export type ButtonVariant = keyof typeof variants;

/** Classes for anything that looks like a button: `<button>`, a link, a form's submit. */
export function buttonClasses(variant: ButtonVariant = 'primary'): string {
  return `${base} ${variants[variant]}`;
}
