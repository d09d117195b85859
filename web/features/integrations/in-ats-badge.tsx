import { Badge } from '@web/components/ui/badge';

/** The words of the flag: the connected Bullhorn already holds this physician (ADR 064). */
export const IN_ATS_TEXT = 'In your ATS';

/** The card's and profile's badge: revealing or pushing them again adds nothing to Bullhorn. */
export function InAtsBadge() {
  return (
    <Badge variant="info" className="shrink-0" title="Your Bullhorn already holds this physician">
      {IN_ATS_TEXT}
    </Badge>
  );
}

/** The table's short mark of the same flag ('ATS'), its words for screen readers and on hover. */
export function InAtsIcon() {
  return (
    <span title={IN_ATS_TEXT} className="ml-1.5 inline-flex rounded-sm bg-blue-50 px-1 align-middle text-[0.625rem] leading-4 font-semibold text-blue-700">
      <span aria-hidden>ATS</span>
      <span className="sr-only">{IN_ATS_TEXT}</span>
    </span>
  );
}
