import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';

interface CardSectionProps {
  title: ReactNode;
  description?: ReactNode;
  descriptionClassName?: string;
  /** Beside the title, at the right: a link, a badge. */
  action?: ReactNode;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}

/** A card with a title, a short description and a body that fills the card's height (the dashboard's cards). */
export function CardSection({
  title,
  description,
  descriptionClassName,
  action,
  className,
  contentClassName,
  children,
}: CardSectionProps) {
  return (
    <Card className={cn('flex flex-col', className)}>
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle>{title}</CardTitle>
          <CardDescription className={descriptionClassName}>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
