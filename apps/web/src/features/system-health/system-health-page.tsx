import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-state';
import { Skeleton } from '../../components/ui/skeleton';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { pollKeepingData } from '../../lib/polling';
import { useTRPC } from '../../lib/trpc';
import { SystemHealthView } from './system-health-view';
import { systemHealthStrings } from './system-health.strings';

/** Live figures re-read this often while the page is visible (react-query pauses in a hidden tab). */
const REFRESH_MS = 5000;

/** /system-health: database, broker, ingest, live clients, process, jobs and silent devices (issue 13). */
export default function SystemHealthPage() {
  const { t: tCore } = useLanguage();
  const t = useStrings(systemHealthStrings);
  const trpc = useTRPC();
  const details = useQuery(trpc.system.details.queryOptions(undefined, pollKeepingData(REFRESH_MS)));

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={tCore('nav.systemHealth')} />
      <p className="text-sm text-muted-foreground">{t('description')}</p>
      {details.data ? (
        <SystemHealthView details={details.data} />
      ) : details.isError ? (
        <QueryError query={details} />
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy>
          <p role="status" className="sr-only">
            {t('loading')}
          </p>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-48 w-full" />
          ))}
        </div>
      )}
    </section>
  );
}
