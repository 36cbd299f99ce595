import { BellOff } from 'lucide-react';
import { Link } from 'wouter';
import { EmptyState, QueryError } from '../../components/query-state';
import { SeverityBadge } from '../../components/status-badge';
import { buttonClassName } from '../../components/ui/button';
import { CardSection } from '../../components/card-section';
import { Skeleton } from '../../components/ui/skeleton';
import { alertText } from '../../lib/alert-text';
import { formatDateTime } from '../../lib/format';
import { ZoneNote } from '../../components/zone-note';
import { useFacilityZones } from '../plant/use-facility-zones';
import { dashboardStrings } from './dashboard.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import type { SummaryQuery } from './dashboard-queries';

/** Skeleton rows while loading: as many as the server sends (RECENT_ALERTS, not imported: it would bring zod). */
const SKELETON_ROWS = 5;

/** The newest open alerts, with a way to the alerts page. */
export function RecentAlertsCard({ summary }: { summary: SummaryQuery }) {
  const t = useStrings(dashboardStrings);
  const { language } = useLanguage();
  const zones = useFacilityZones();
  const data = summary.data;
  return (
    <CardSection
      title={t('recentAlerts')}
      description={t('recentAlertsDescription')}
      action={
        <Link href="/alerts" className={buttonClassName('outline', 'sm')}>
          {t('viewAllAlerts')}
        </Link>
      }
      contentClassName="flex-1"
    >
      {summary.isError && !data ? (
        <QueryError query={summary} />
      ) : !data ? (
        <ul className="divide-y" aria-hidden>
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <li key={i} className="flex h-16 items-center gap-3">
              <Skeleton className="h-5 w-16 rounded-full" />
              <Skeleton className="h-4 flex-1" />
            </li>
          ))}
        </ul>
      ) : data.recentAlerts.length === 0 ? (
        <EmptyState icon={<BellOff />}>{t('noActiveAlerts')}</EmptyState>
      ) : (
        <ul className="divide-y" aria-label={t('recentAlerts')}>
          {data.recentAlerts.map((alert) => (
            <li key={alert.id} className="flex min-h-16 items-start gap-3 py-2">
              <SeverityBadge severity={alert.severity} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" title={alertText(alert, language)}>
                  {alertText(alert, language)}
                </p>
                <p className="truncate text-xs text-muted-foreground">
                  {alert.equipmentName === null
                    ? t('siteAlert')
                    : `${alert.equipmentName} · ${alert.facilityName ?? ''}`}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1 text-xs text-muted-foreground">
                <time dateTime={alert.raisedAt.toISOString()}>
                  {formatDateTime(alert.raisedAt, language, alert.facilityTimezone ?? zones.site?.timeZone)}
                </time>
                {alert.status === 'acknowledged' && <span>{t('acknowledged')}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && data.recentAlerts.length > 0 && (
        <ZoneNote className="mt-2" place={zones.shared?.place} timeZone={zones.shared?.timeZone} />
      )}
    </CardSection>
  );
}
