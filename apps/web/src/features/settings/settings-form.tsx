import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { CardSection } from '../../components/card-section';
import { FormAlert } from '../../components/form-field';
import { ErrorState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-errors';
import type { AreaTranslate } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';

/** What a settings save hands to the procedure's `mutationOptions` (typed loosely so the data type comes from the procedure). */
export interface SaveHandlers {
  onSuccess: (data: unknown) => Promise<void>;
  onError: (error: unknown) => void;
}

/**
 * The save of a settings section: the mutation, the form's error line (the server's message, or
 * `failed`, or what `setError` says of a field that does not parse), `send` (the line cleared),
 * and on success `onSaved` (cache updates) then the `saved` toast.
 *
 *     const saving = useSettingsSave((h) => trpc.settings.setSite.mutationOptions(h), {...});
 *     <SettingsForm saving={saving} …>
 */
export function useSettingsSave<TData, TError, TVariables>(
  options: (handlers: SaveHandlers) => UseMutationOptions<TData, TError, TVariables>,
  { saved, failed, onSaved }: { saved: string; failed: string; onSaved?: (data: TData) => unknown },
) {
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    options({
      onSuccess: async (data) => {
        await onSaved?.(data as TData);
        notify.success(saved);
      },
      onError: (e) => setError(errorMessage(e, failed)),
    }),
  );
  /** Sends the form (its earlier error line cleared). */
  const send = (variables: TVariables) => {
    setError(null);
    save.mutate(variables);
  };
  return { save, send, error, setError };
}

/** A settings form: its save's error line on top, the fields, and the save button (its text while saving). */
export function SettingsForm({
  label,
  saving: { error, save },
  t,
  onSubmit,
  className = 'flex flex-col gap-4',
  heading,
  outline,
  children,
}: {
  label: string;
  /** The form's useSettingsSave. */
  saving: { error: string | null; save: { isPending: boolean } };
  /** The section's strings, with the button's 'save' and 'saving'. */
  t: AreaTranslate<'save' | 'saving'>;
  onSubmit: () => void;
  className?: string;
  /** Shown above the error line (a group's title). */
  heading?: ReactNode;
  /** An outline save button (one of several forms in a section). */
  outline?: boolean;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} className={className} aria-label={label}>
      {heading}
      <FormAlert message={error} />
      {children}
      <div>
        <Button type="submit" variant={outline ? 'outline' : undefined} disabled={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}

/** The query a settings section reads: its loading and error states come before its data. */
interface SettingsQuery<D> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: D | undefined;
  refetch: () => unknown;
}

/** A section's strings for the loading line and the error state's title. */
type LoadStrings = AreaTranslate<'loading' | 'loadFailed'>;

/** A query's loading line and error state around what its data shows. */
export function SettingsLoaded<D>({
  query,
  t,
  children,
}: {
  query: SettingsQuery<D>;
  t: LoadStrings;
  children: (data: D) => ReactNode;
}) {
  if (query.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('loading')}
      </p>
    );
  if (query.isError || query.data === undefined)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} title={t('loadFailed')} />;
  return <>{children(query.data)}</>;
}

/** A section of /settings that shows one query's data: its card (title, description) around `SettingsLoaded`. */
export function SettingsSection<D>({
  title,
  description,
  query,
  t,
  children,
}: {
  title: string;
  description: string;
  query: SettingsQuery<D>;
  t: LoadStrings;
  children: (data: D) => ReactNode;
}) {
  return (
    <CardSection title={title} description={description}>
      <SettingsLoaded query={query} t={t}>
        {children}
      </SettingsLoaded>
    </CardSection>
  );
}
