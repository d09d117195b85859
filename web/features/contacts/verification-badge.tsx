import { Flag, ShieldAlert, ShieldCheck, ShieldQuestion, ShieldX } from 'lucide-react';
import type { RevealedContactDetail } from '@contract/contacts';
import { verificationWords, type VerificationWords } from '@contract/verification-words';
import { Badge } from '@web/components/ui/badge';

const ICON: Record<VerificationWords['tone'], typeof ShieldCheck> = {
  valid: ShieldCheck,
  risky: ShieldAlert,
  unknown: ShieldQuestion,
  invalid: ShieldX,
  reported: Flag,
};
const VARIANT = { valid: 'success', risky: 'warning', unknown: 'muted', invalid: 'destructive', reported: 'warning' } as const;

/**
 * Beside a revealed email or phone: what its last check found and how it stands, in the one
 * vocabulary (ADR 053): 'Verified valid · 65 %', 'Risky · 35 %', 'Not yet checked', 'Reported
 * wrong', 'Self-reported · ...'; the whole sentence, with the day and who checked, in its title
 * and for screen readers.
 */
export function VerificationBadge({ detail }: { detail: Pick<RevealedContactDetail, 'status' | 'verification'> }) {
  const words = verificationWords(detail.verification, detail.status);
  const Icon = ICON[words.tone];
  return (
    <Badge variant={VARIANT[words.tone]} className="relative z-10 gap-1 whitespace-nowrap" title={words.description}>
      <Icon className="size-3" aria-hidden />
      <span aria-hidden>{words.label}</span>
      <span className="sr-only">{words.description}</span>
    </Badge>
  );
}
