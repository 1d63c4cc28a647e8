import { useId, type ReactNode } from 'react';
import { Card, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** A dashboard section named by its heading, so it is found by name. */
export function DashboardCard({
  title,
  action,
  className,
  busy = false,
  children,
}: {
  title: string;
  action?: ReactNode;
  className?: string;
  /** Its content is still on the way. */
  busy?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      className={cn('grid grid-cols-1 gap-3', className)}
    >
      <div className="flex items-center justify-between gap-2">
        <CardTitle id={titleId}>{title}</CardTitle>
        {action}
      </div>
      {children}
    </Card>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="text-muted-foreground text-sm">{children}</p>;
}
