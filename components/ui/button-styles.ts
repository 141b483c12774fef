const base =
  'inline-flex w-full min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 motion-reduce:transition-none';

const variants = {
  primary: 'bg-primary text-white hover:bg-primary-strong',
  secondary: 'bg-secondary text-ink hover:brightness-95',
  outline: 'border border-line bg-white text-ink hover:bg-canvas',
  quiet: 'text-primary-strong underline-offset-4 hover:underline',
  // What cannot be undone (cancelling a booking): not the colour of going on.
  danger: 'bg-danger text-white hover:brightness-90',
} as const;

export type ButtonVariant = keyof typeof variants;

/** Classes for anything that looks like a button: `<button>`, a link, a form's submit. */
export function buttonClasses(variant: ButtonVariant = 'primary'): string {
  return `${base} ${variants[variant]}`;
}
