import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A section of a settings dialog (Security: password, recovery codes, sessions, my data): a rule above, its titled heading. */
export function DialogSection({
  titleId,
  icon: Icon,
  title,
  children,
}: {
  /** The heading's id, which names the section. */
  titleId: string;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 border-t pt-4">
      <h3 id={titleId} className="flex items-center gap-2 font-medium">
        <Icon aria-hidden className="size-4" />
        {title}
      </h3>
      {children}
    </section>
  );
}
