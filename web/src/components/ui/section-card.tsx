import { useId, type ReactNode } from 'react';
import { Card, CardTitle } from './card';

/** A section of a page (the Profile's, the Account's), named by its heading. */
export function SectionCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="grid grid-cols-1 gap-3">
      <div className="grid gap-1">
        <CardTitle id={titleId}>{title}</CardTitle>
        {description && <p className="text-muted-foreground text-sm">{description}</p>}
      </div>
      {children}
    </Card>
  );
}
