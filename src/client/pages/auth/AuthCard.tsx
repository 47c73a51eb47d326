import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';

/** Centered card used by the login, register and password pages. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-start justify-center bg-gradient-to-b from-secondary/60 to-background px-4 py-10 sm:items-center sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {subtitle && <CardDescription>{subtitle}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer && <div className="border-t border-border px-6 py-4 text-center text-sm text-muted-foreground">{footer}</div>}
      </Card>
    </div>
  );
}
