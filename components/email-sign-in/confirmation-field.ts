/** The form field of the explicit "Yes, sign me in" in a browser that did not ask for the link. */
export const CONFIRM_FIELD = 'confirm';
