/**
 * Local parts that name a function rather than a person: mail to them reaches a shared inbox or
 * a switchboard, not the physician, so such an address is at best 'risky'. Reviewed by hand;
 * compared without dots, dashes and underscores ('front-desk' = 'frontdesk').
 */
export const ROLE_LOCAL_PARTS: ReadonlySet<string> = new Set([
  'abuse',
  'accounting',
  'accounts',
  'admin',
  'administrator',
  'admissions',
  'appointments',
  'billing',
  'booking',
  'careers',
  'clinic',
  'contact',
  'contactus',
  'customerservice',
  'enquiries',
  'frontdesk',
  'frontoffice',
  'hello',
  'help',
  'hr',
  'info',
  'information',
  'inquiries',
  'jobs',
  'mail',
  'marketing',
  'media',
  'noreply',
  'donotreply',
  'nurse',
  'office',
  'officemanager',
  'patients',
  'postmaster',
  'practice',
  'reception',
  'records',
  'referrals',
  'sales',
  'scheduling',
  'support',
  'team',
  'webmaster',
]);

export function isRoleLocalPart(localPart: string): boolean {
  return ROLE_LOCAL_PARTS.has(localPart.toLowerCase().replace(/[._-]/g, '').replace(/\+.*$/, ''));
}
