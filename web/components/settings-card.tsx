import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';

/** The card each account tab sits in: a title, a line of description, the content. */
export function SettingsCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="p-5 sm:p-6">
        {/* An <h2>: the tab panels sit right under the page's <h1>. */}
        <h2 className="text-lg font-semibold leading-tight tracking-tight">{title}</h2>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="px-5 pb-5 sm:px-6 sm:pb-6">{children}</CardContent>
    </Card>
  );
}
