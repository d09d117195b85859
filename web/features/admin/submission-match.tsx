import type { ContactComparison, Submission } from '@contract/admin';

const OUTCOME: Record<ContactComparison['outcome'], string> = {
  on_file: 'already on file',
  added: 'added as self-reported',
  beside: 'kept beside, self-reported',
};

/**
 * Under a pending submission that matches a physician in the directory: which record an approval
 * updates, and per contact the values on file beside the submitted one. Approving never replaces
 * a value on file (ADR 030), so the operator sees what changes before approving.
 */
export function SubmissionMatchNote({ submission }: { submission: Submission }) {
  const match = submission.match;
  if (!match) return null;
  const rows: Array<[string, ContactComparison]> = [
    ['Email', match.email],
    ['Phone', match.phone],
  ];
  return (
    <div className="mt-1.5 rounded-md border border-amber-300 bg-amber-50 px-2 py-1.5 text-xs font-normal text-amber-950">
      <p>
        Updates <span className="font-medium">{match.physicianName}</span> (#{match.physicianId})
      </p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
        {rows.map(([label, comparison]) => (
          <div key={label} className="contents">
            <dt className="text-amber-900">{label}</dt>
            <dd className="break-words">
              on file: {comparison.onFile.length ? comparison.onFile.join(', ') : 'none'}; submitted: {comparison.submitted}{' '}
              <span className={comparison.outcome === 'on_file' ? 'text-muted-foreground' : 'font-medium'}>
                ({OUTCOME[comparison.outcome]})
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
