/** The form field of the explicit "Yes, sign me in" in a browser that did not ask for the link. */
export const CONFIRM_FIELD = 'confirm';

/** The form field of the code typed in the browser that asked, after the link was confirmed in another. */
export const LINK_CODE_FIELD = 'code';
