/**
 * Classes for a text field. Its border keeps 3:1 against the card so that the field can be found
 * (WCAG 1.4.11), and focus shows as the outline every control has (app/globals.css).
 */
export const textFieldClasses =
  'block w-full rounded-lg border border-field-line bg-card px-3 py-2.5 text-base placeholder:text-muted focus-visible:border-primary aria-[invalid=true]:border-danger';
