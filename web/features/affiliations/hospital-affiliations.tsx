import { Building2, ShieldCheck } from 'lucide-react';
import { IMLC_CAVEAT, facilityLabel, imlcPrincipalStatesHeld, type HospitalAffiliation } from '@contract/affiliations';
import { Badge } from '@web/components/ui/badge';

/**
 * A physician's CMS facility affiliations (ADR 063): each facility's name (or its CMS number when
 * the hospitals file does not hold it), its place and type, and for a unit the hospital it is in.
 */
export function HospitalAffiliationList({ affiliations }: { affiliations: HospitalAffiliation[] }) {
  if (affiliations.length === 0) return <p className="text-sm text-muted-foreground">No hospital affiliations on file.</p>;
  return (
    <>
      <ul className="flex flex-col divide-y" aria-label="Hospital affiliations">
        {affiliations.map((a) => {
          const place = [a.city, a.state].filter(Boolean).join(', ');
          return (
            <li key={a.ccn} className="flex items-start gap-3 py-2.5 first:pt-0 last:pb-0">
              <Building2 className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium break-words text-foreground">
                  {facilityLabel(a)}
                  {a.facilityType !== 'Hospital' && (
                    <Badge variant="muted" className="ml-2 align-middle text-[11px] font-normal">
                      {a.facilityType}
                    </Badge>
                  )}
                </p>
                <p className="text-xs text-muted-foreground">
                  {[place, a.hospitalType, a.name ? `CCN ${a.ccn}` : null].filter(Boolean).join(' · ') || 'Not in the CMS hospitals file'}
                </p>
                {a.parent && <p className="text-xs text-muted-foreground">A unit of {facilityLabel(a.parent)}</p>}
              </div>
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-xs text-muted-foreground">From CMS facility affiliation data, updated monthly.</p>
    </>
  );
}

/**
 * 'Likely IMLC-eligible': the physician holds a licence in a compact state that can be the State of
 * Principal Licence, said with what it does not check. Nothing when they hold none.
 */
export function ImlcBadge({ licenseStates }: { licenseStates: string[] }) {
  const held = imlcPrincipalStatesHeld(licenseStates);
  if (held.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <Badge variant="outline" className="w-fit gap-1.5 border-primary/40 text-primary">
        <ShieldCheck className="size-3.5" aria-hidden />
        Likely IMLC-eligible
      </Badge>
      <p className="text-xs text-muted-foreground">
        Licensed in {held.join(', ')}: {IMLC_CAVEAT}.
      </p>
    </div>
  );
}
