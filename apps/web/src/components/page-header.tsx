import type { ReactNode } from 'react';
import { usePublicSettings } from '../lib/use-public-settings';

/** A page's <h1>; also names the browser tab ('Motores · Sentinela'). */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  const { siteName } = usePublicSettings();
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <title>{`${title} · ${siteName}`}</title>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}
