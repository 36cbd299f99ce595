import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@sentinela/shared/language';
import type { PublicSettings } from '@sentinela/shared/settings';
import type { RetentionSettings, SettingsStatus, ThresholdRule } from '@sentinela/shared/site-settings';
import { useState } from 'react';
import { CardSection } from '../../components/card-section';
import { FormInput, FormSelect } from '../../components/form-field';
import { EmptyState } from '../../components/query-state';
import { ruleName } from '../../lib/alert-text';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { parseDecimal } from '../../lib/weather-units';
import { SettingsForm, SettingsLoaded, SettingsSection, useSettingsSave } from './settings-form';
import { settingsStrings } from './settings.strings';
import {
  bandText,
  bandValue,
  groupThresholds,
  metricUnit,
  wholeDays,
  type ThresholdGroup,
} from './site-settings-values';

type T = AreaTranslate<keyof (typeof settingsStrings)['pt']>;

/** Site name, default language and theme switching. */
export function SiteSection() {
  const t = useStrings(settingsStrings);
  const trpc = useTRPC();
  const query = useQuery(trpc.settings.public.queryOptions());
  return (
    <SettingsSection title={t('site.title')} description={t('site.description')} query={query} t={t}>
      {(data) => <SiteForm key={query.dataUpdatedAt} t={t} initial={data} />}
    </SettingsSection>
  );
}

function SiteForm({ t, initial }: { t: T; initial: PublicSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [siteName, setSiteName] = useState(initial.siteName);
  const [defaultLanguage, setDefaultLanguage] = useState<Language>(initial.defaultLanguage);
  const [themeSwitchable, setThemeSwitchable] = useState(initial.themeSwitchable);
  const saving = useSettingsSave((h) => trpc.settings.setSite.mutationOptions(h), {
    saved: t('site.saved'),
    failed: t('saveFailed'),
    onSaved: (saved) => queryClient.setQueryData(trpc.settings.public.queryKey(), saved),
  });
  const submit = () => {
    const name = siteName.trim();
    if (name.length < 1 || name.length > 80) {
      saving.setError(t('site.nameRequired'));
      return;
    }
    saving.send({ siteName: name, defaultLanguage, themeSwitchable });
  };
  return (
    <SettingsForm label={t('site.title')} saving={saving} t={t} onSubmit={submit}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormInput
          label={t('site.name')}
          hint={t('site.nameHint')}
          maxLength={80}
          value={siteName}
          onChange={(e) => setSiteName(e.target.value)}
        />
        <FormSelect
          label={t('site.language')}
          hint={t('site.languageHint')}
          value={defaultLanguage}
          options={[
            { value: 'pt', label: t('site.language.pt') },
            { value: 'en', label: t('site.language.en') },
          ]}
          onChange={(e) => setDefaultLanguage(e.target.value as Language)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label className="inline-flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={themeSwitchable}
            onChange={(e) => setThemeSwitchable(e.target.checked)}
            aria-describedby="site-theme-hint"
          />
          {t('site.themeSwitchable')}
        </label>
        <p id="site-theme-hint" className="text-xs text-muted-foreground">
          {t('site.themeHint')}
        </p>
      </div>
    </SettingsForm>
  );
}

/** Warning and critical bands per equipment kind and metric (the alarm engine's rules). */
export function ThresholdsSection() {
  const t = useStrings(settingsStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const query = useQuery(trpc.settings.thresholds.queryOptions());
  return (
    <SettingsSection title={t('thresholds.title')} description={t('thresholds.description')} query={query} t={t}>
      {(rules) =>
        rules.length === 0 ? (
          <EmptyState>{t('thresholds.empty')}</EmptyState>
        ) : (
          <div className="flex flex-col divide-y divide-border">
            {groupThresholds(rules).map((group) => (
              <ThresholdForm key={`${group.key}:${query.dataUpdatedAt}:${language}`} t={t} group={group} />
            ))}
          </div>
        )
      }
    </SettingsSection>
  );
}

function ThresholdForm({ t, group }: { t: T; group: ThresholdGroup }) {
  const { language } = useLanguage();
  const tOps = useStrings(opsStrings);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() =>
    Object.fromEntries(
      group.rules.map((r) => [
        r.id,
        {
          threshold: bandText(r.threshold, group.metric, language),
          clearAt: bandText(r.clearAt, group.metric, language),
        },
      ]),
    ),
  );
  const metricKey = `metric.${group.metric}` as Parameters<T>[0];
  const metric = metricKey in settingsStrings.pt ? t(metricKey) : group.metric;
  const title = `${tOps(`kind.${group.kind}` as Parameters<typeof tOps>[0])} · ${metric}`;
  const unitName = metricUnit(group.metric, language);
  const unit = unitName ? ` (${unitName})` : '';
  const saving = useSettingsSave((h) => trpc.settings.setThresholds.mutationOptions(h), {
    saved: t('thresholds.saved', { group: title }),
    failed: t('saveFailed'),
    onSaved: () => queryClient.invalidateQueries({ queryKey: trpc.settings.thresholds.queryKey() }),
  });
  const submit = () => {
    const typed = (text: string) => {
      const value = parseDecimal(text);
      return value === null ? null : bandValue(value, group.metric, language);
    };
    const rules = group.rules.map((rule) => ({
      id: rule.id,
      threshold: typed(values[rule.id]!.threshold),
      clearAt: typed(values[rule.id]!.clearAt),
    }));
    if (rules.some((rule) => rule.threshold === null || rule.clearAt === null)) {
      saving.setError(t('notNumber'));
      return;
    }
    saving.send({ rules: rules as { id: string; threshold: number; clearAt: number }[] });
  };
  const edit = (rule: ThresholdRule, field: 'threshold' | 'clearAt', text: string) =>
    setValues((current) => ({ ...current, [rule.id]: { ...current[rule.id]!, [field]: text } }));
  const comparison = group.rules[0]!.comparison;
  return (
    <SettingsForm
      label={title}
      saving={saving}
      t={t}
      onSubmit={submit}
      className="flex flex-col gap-3 py-4 first:pt-0"
      outline
      heading={
        <div>
          <h3 className="text-sm font-semibold">{title}</h3>
          <p className="text-xs text-muted-foreground">{t(`thresholds.${comparison}`)}</p>
        </div>
      }
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {group.rules.map((rule) => {
          const band = `${t(`severity.${rule.severity}`)}${rule.enabled ? '' : ` ${t('thresholds.disabled')}`}`;
          return [
            <FormInput
              key={`${rule.id}-t`}
              label={t('thresholds.threshold', { band, unit })}
              hint={ruleName(rule, language)}
              inputMode="decimal"
              value={values[rule.id]!.threshold}
              onChange={(e) => edit(rule, 'threshold', e.target.value)}
            />,
            <FormInput
              key={`${rule.id}-c`}
              label={t('thresholds.clearAt', { band, unit })}
              inputMode="decimal"
              value={values[rule.id]!.clearAt}
              onChange={(e) => edit(rule, 'clearAt', e.target.value)}
            />,
          ];
        })}
      </div>
    </SettingsForm>
  );
}

/** The retention periods and the hourly retention job's last run. */
export function RetentionSection() {
  const t = useStrings(settingsStrings);
  const trpc = useTRPC();
  const query = useQuery(trpc.settings.retention.queryOptions());
  const status = useQuery(trpc.settings.status.queryOptions());
  return (
    <CardSection title={t('retention.title')} description={t('retention.description')}>
      <div className="flex flex-col gap-6">
        <SettingsLoaded query={query} t={t}>
          {(data) => <RetentionForm key={query.dataUpdatedAt} t={t} initial={data} />}
        </SettingsLoaded>
        <div className="flex flex-col gap-1 text-sm">
          <h3 className="font-semibold">{t('retention.job')}</h3>
          <SettingsLoaded query={status} t={t}>
            {(data) => <RetentionJob t={t} job={data.retentionJob} />}
          </SettingsLoaded>
        </div>
      </div>
    </CardSection>
  );
}

function RetentionForm({ t, initial }: { t: T; initial: RetentionSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [raw, setRaw] = useState(String(initial.rawDays));
  const [minute, setMinute] = useState(String(initial.minuteDays));
  const [audit, setAudit] = useState(String(initial.auditDays));
  const saving = useSettingsSave((h) => trpc.settings.setRetention.mutationOptions(h), {
    saved: t('retention.saved'),
    failed: t('saveFailed'),
    onSaved: (saved) => queryClient.setQueryData(trpc.settings.retention.queryKey(), saved),
  });
  const submit = () => {
    const [rawDays, minuteDays, auditDays] = [wholeDays(raw), wholeDays(minute), wholeDays(audit)];
    if (rawDays === null || minuteDays === null || auditDays === null) {
      saving.setError(t('retention.notWhole'));
      return;
    }
    saving.send({ rawDays, minuteDays, auditDays });
  };
  const field = (label: string, hint: string, value: string, set: (v: string) => void) => (
    <FormInput label={label} hint={hint} inputMode="numeric" value={value} onChange={(e) => set(e.target.value)} />
  );
  return (
    <SettingsForm label={t('retention.title')} saving={saving} t={t} onSubmit={submit}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {field(t('retention.rawDays'), t('retention.rawHint'), raw, setRaw)}
        {field(t('retention.minuteDays'), t('retention.minuteHint'), minute, setMinute)}
        {field(t('retention.auditDays'), t('retention.auditHint'), audit, setAudit)}
      </div>
    </SettingsForm>
  );
}

const TABLE_KEYS = ['telemetry', 'telemetry1m', 'audit'] as const;

function RetentionJob({ t, job }: { t: T; job: SettingsStatus['retentionJob'] }) {
  const { language } = useLanguage();
  if (!job?.lastStartedAt) return <p className="text-muted-foreground">{t('retention.never')}</p>;
  const outcome =
    job.lastOutcome === 'error' ? t('retention.error', { error: job.lastError ?? '' }) : t('retention.ok');
  const deleted = job.deleted
    ? Object.entries(job.deleted)
        .filter(([table]) => (TABLE_KEYS as readonly string[]).includes(table))
        .map(
          ([table, n]) =>
            `${t(`retention.table.${table as (typeof TABLE_KEYS)[number]}`)} ${formatNumber(n, language)}`,
        )
    : [];
  return (
    <>
      <p>
        {t('retention.ranAt', {
          at: formatDateTime(job.lastStartedAt, language),
          ms: formatNumber(job.lastDurationMs ?? 0, language),
          outcome,
        })}
      </p>
      <p className="text-muted-foreground">
        {deleted.length > 0 ? t('retention.deleted', { items: deleted.join(', ') }) : t('retention.deletedUnknown')}
      </p>
    </>
  );
}

/** Which SMS and e-mail providers are configured, and the last message each sent. */
export function ProvidersSection() {
  const t = useStrings(settingsStrings);
  const trpc = useTRPC();
  const status = useQuery(trpc.settings.status.queryOptions());
  return (
    <SettingsSection title={t('providers.title')} description={t('providers.description')} query={status} t={t}>
      {(data) => (
        <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
          <Provider
            t={t}
            title={t('providers.sms')}
            provider={data.sms.provider}
            at={data.sms.lastSentAt}
            to={data.sms.lastTo}
          />
          <Provider
            t={t}
            title={t('providers.email')}
            provider={data.email.provider}
            at={data.email.lastSentAt}
            to={data.email.lastTo}
            subject={data.email.lastSubject}
          />
        </dl>
      )}
    </SettingsSection>
  );
}

function Provider(props: {
  t: T;
  title: string;
  provider: string;
  at: Date | null;
  to: string | null;
  subject?: string | null;
}) {
  const { t, title, provider, at, to, subject } = props;
  const { language } = useLanguage();
  const nameKey = `providers.name.${provider}` as Parameters<T>[0];
  const last =
    provider !== 'outbox'
      ? t('providers.notKept')
      : at
        ? `${t('providers.sent', { at: formatDateTime(at, language), to: to ?? '' })}${subject ? ` · ${subject}` : ''}`
        : t('providers.none');
  return (
    <div className="flex flex-col gap-1 rounded-md border border-border p-3">
      <dt className="font-semibold">{title}</dt>
      <dd>
        {t('providers.provider')}: {nameKey in settingsStrings.pt ? t(nameKey) : provider}
      </dd>
      <dd className="text-muted-foreground">
        {t('providers.lastMessage')}: {last}
      </dd>
    </div>
  );
}
