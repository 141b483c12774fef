/**
 * "(last used)" after the label of the sign-in method this browser used last: plain text inside
 * the label, so that it is part of the control's name a screen reader reads.
 */
export function LastUsedMark({ label }: { label: string }) {
  return <span className="text-sm font-normal text-muted">{label}</span>;
}
