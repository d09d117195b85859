/** The links of the shared layout (docs/rules.md#layout), in one place for header, menu and footer. */
export type NavItem = { label: string; to: string };

export function primaryNavItems(input: { signedIn: boolean; admin: boolean; mobile?: boolean }): NavItem[] {
  if (!input.signedIn) {
    return [
      // The spec's mobile signed-out menu points Search at /directory (which redirects to /search).
      { label: 'Search', to: input.mobile ? '/directory' : '/search' },
      { label: 'Specialties', to: '/specialties' },
      { label: 'Pricing', to: '/pricing' },
      { label: 'About', to: '/about' },
      { label: 'Contact', to: '/contact' },
    ];
  }
  // Pricing stays for signed-in users: a free user's way to a plan, a Monthly one's to the Annual.
  const items: NavItem[] = [
    { label: 'Search', to: '/search' },
    { label: 'Lists', to: '/lists' },
    { label: 'Specialties', to: '/specialties' },
    { label: 'Pricing', to: '/pricing' },
  ];
  if (input.admin) items.push({ label: 'Admin', to: '/admin-dashboard' });
  return items;
}

export const adminNavItems: NavItem[] = [
  { label: 'Dashboard', to: '/admin-dashboard' },
  { label: 'Users', to: '/users' },
  { label: 'Resume Approval', to: '/resume-approval' },
  { label: 'Audit Log', to: '/admin/audit' },
  { label: 'Verification', to: '/admin/verification' },
  { label: 'Messages', to: '/admin/messages' },
  { label: 'Import', to: '/admin/import' },
];

/** The mobile admin menu names the dashboard in full. */
export const adminMobileNavItems: NavItem[] = [
  { label: 'Admin Dashboard', to: '/admin-dashboard' },
  { label: 'Users', to: '/users' },
  { label: 'Resume Approval', to: '/resume-approval' },
  { label: 'Audit Log', to: '/admin/audit' },
  { label: 'Verification', to: '/admin/verification' },
  { label: 'Messages', to: '/admin/messages' },
  { label: 'Import', to: '/admin/import' },
];

export const footerNavGroups: { heading: string; items: NavItem[] }[] = [
  {
    heading: 'Product',
    items: [
      { label: 'Directory', to: '/directory' },
      { label: 'Specialties', to: '/specialties' },
      { label: 'Pricing', to: '/pricing' },
    ],
  },
  {
    heading: 'Company',
    items: [
      { label: 'About Us', to: '/about' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  {
    heading: 'For physicians',
    items: [
      { label: 'Submit Resume', to: '/submit-resume' },
      { label: 'Recruiter Email Preferences', to: '/my-preferences' },
      { label: 'Remove My Information', to: '/remove-info' },
    ],
  },
  {
    heading: 'Legal',
    items: [
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Compliance', to: '/compliance' },
      { label: 'Money Back Guarantee', to: '/money-back-guarantee' },
    ],
  },
];
