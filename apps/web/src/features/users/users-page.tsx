import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { roles as roleOrder, type Role } from '@sentinela/shared/auth-rules';
import { useState } from 'react';
import { SearchInput } from '../../components/filter-bar';
import { ListSkeletonRows, ListTable } from '../../components/list-table';
import { ListPagination } from '../../components/list-pagination';
import { PageHeader } from '../../components/page-header';
import { FirstPageLoading } from '../../components/query-state';
import { RoleGated } from '../../components/role-gated';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-errors';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { layoutStrings } from '../../lib/i18n/layout-strings';
import { useStrings } from '../../lib/i18n/strings';
import { InviteUserDialog } from './invite-user-dialog';
import { UserRowActions } from './user-row-actions';
import { usersStrings } from './users.strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from '../../lib/use-current-user';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export const USERS_PAGE_SIZE = 20;
export const USERS_SEARCH_DEBOUNCE_MS = 300;

const cellClass = 'px-3 py-2.5 text-left align-middle';
const selectClass =
  'h-8 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:opacity-50';

/** /users (administrators): accounts with role, 2FA and last sign-in; search, paging, role changes. */
export default function UsersPage() {
  const { t: tCore, language } = useLanguage();
  const t = useStrings(usersStrings);
  const tLayout = useStrings(layoutStrings);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const currentUser = useCurrentUser();

  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), USERS_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  // A new search starts again from page 1.
  const [pageSearch, setPageSearch] = useState(search);
  if (pageSearch !== search) {
    setPageSearch(search);
    setPage(1);
  }

  const list = useQuery(
    trpc.users.list.queryOptions(
      { search: search === '' ? undefined : search, page, pageSize: USERS_PAGE_SIZE },
      { placeholderData: keepPreviousData },
    ),
  );

  const setRole = useMutation(
    trpc.users.setRole.mutationOptions({
      onError: (error) => {
        notify.error(errorMessage(error, t('roleFailed')));
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.users.list.pathKey() }),
    }),
  );

  const settled = () => queryClient.invalidateQueries({ queryKey: trpc.users.list.pathKey() });
  const onActionError = (error: unknown) => {
    notify.error(errorMessage(error, t('actionFailed')));
  };
  const setDisabled = useMutation(
    trpc.users.setDisabled.mutationOptions({ onError: onActionError, onSettled: settled }),
  );
  const resetTwoFactor = useMutation(
    trpc.users.resetTwoFactor.mutationOptions({ onError: onActionError, onSettled: settled }),
  );
  const pendingUserId =
    (setDisabled.isPending ? setDisabled.variables.userId : null) ??
    (resetTwoFactor.isPending ? resetTwoFactor.variables.userId : null);

  const [inviting, setInviting] = useState(false);
  const invite = useMutation(
    trpc.users.invite.mutationOptions({
      onError: (error) => {
        notify.error(errorMessage(error, t('inviteFailed')));
      },
    }),
  );

  const changeRole = (user: { id: string; name: string }, role: Role) => {
    setRole.mutate(
      { userId: user.id, role },
      {
        onSuccess: () => {
          notify.success(t('roleChanged', { name: user.name, role: tLayout(`role.${role}`) }));
        },
      },
    );
  };

  const data = list.data;

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={tCore('nav.users')}>
        <Button
          onClick={() => {
            setInviting(true);
          }}
        >
          {t('inviteOpen')}
        </Button>
      </PageHeader>
      <InviteUserDialog
        open={inviting}
        onOpenChange={setInviting}
        pending={invite.isPending}
        onInvite={(input) => invite.mutateAsync(input)}
      />
      <p className="-mt-4 text-sm text-muted-foreground">{t('description')}</p>

      <SearchInput
        frameClassName="max-w-sm"
        aria-label={t('search')}
        placeholder={t('searchPlaceholder')}
        value={searchText}
        onChange={(event) => {
          setSearchText(event.target.value);
        }}
      />

      {list.isError && !data ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border p-4 text-sm">
          <p className="font-medium">{t('loadFailed')}</p>
          <p className="text-muted-foreground">{errorMessage(list.error, '')}</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              void list.refetch();
            }}
          >
            {t('retry')}
          </Button>
        </div>
      ) : (
        <ListTable
          className="relative"
          columns={[t('name'), t('email'), t('role'), t('twoFactor'), t('status'), t('lastLogin'), t('actions')]}
          items={data?.items}
          minWidth="min-w-[64rem]"
          stale={list.isPlaceholderData}
          busy={list.isFetching}
          describedBy={data ? 'users-total' : undefined}
          headCell={cellClass}
          emptyCell="px-3 py-8 text-center text-muted-foreground"
          empty={search ? t('emptySearch', { search }) : t('empty')}
          skeleton={<ListSkeletonRows rows={5} widths={[40, 56, 24, 20, 16, 32, 40]} cell={cellClass} />}
          row={(user) => {
            const pendingRole =
              setRole.isPending && setRole.variables.userId === user.id ? setRole.variables.role : null;
            // The server refuses changing one's own role (users.ownRole): the page does not offer it.
            const isMe = user.id === currentUser?.id;
            const lockedHintId = `own-role-hint-${user.id}`;
            return (
              <tr key={user.id} data-user-email={user.email}>
                <td className={cn(cellClass, 'font-medium')}>
                  {user.name}
                  {isMe && <span className="ml-1.5 text-xs font-normal text-muted-foreground">{t('you')}</span>}
                </td>
                <td className={cn(cellClass, 'text-muted-foreground')}>{user.email}</td>
                <td className={cellClass}>
                  <RoleGated needs="admin">
                    {(allowed) => (
                      <div className="flex flex-col items-start gap-1">
                        <select
                          aria-label={t('roleOf', { name: user.name })}
                          aria-describedby={isMe ? lockedHintId : undefined}
                          title={isMe ? t('ownRoleLocked') : undefined}
                          className={selectClass}
                          value={pendingRole ?? user.role}
                          disabled={!allowed || isMe || pendingRole !== null}
                          onChange={(event) => {
                            changeRole(user, event.target.value as Role);
                          }}
                        >
                          {roleOrder.map((role) => (
                            <option key={role} value={role}>
                              {tLayout(`role.${role}`)}
                            </option>
                          ))}
                        </select>
                        {isMe && (
                          <p id={lockedHintId} className="max-w-[14rem] text-xs text-muted-foreground">
                            {t('ownRoleLocked')}
                          </p>
                        )}
                      </div>
                    )}
                  </RoleGated>
                </td>
                <td className={cellClass}>
                  <span
                    className={cn(
                      'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
                      user.twoFactorEnabled
                        ? 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300'
                        : 'bg-muted text-muted-foreground',
                    )}
                  >
                    {user.twoFactorEnabled
                      ? `${t('twoFactorOn')}${user.twoFactorMethod ? ` (${t(`method.${user.twoFactorMethod}`)})` : ''}`
                      : t('twoFactorOff')}
                  </span>
                </td>
                <td className={cellClass}>
                  {user.disabledAt ? (
                    <span
                      className="inline-flex rounded-full bg-destructive/15 px-2 py-0.5 text-xs font-medium text-red-700 dark:text-red-400"
                      title={formatDateTime(user.disabledAt, language)}
                    >
                      {t('disabledSince')}
                    </span>
                  ) : (
                    <span className="text-xs text-muted-foreground">{t('active')}</span>
                  )}
                </td>
                <td className={cn(cellClass, 'whitespace-nowrap text-muted-foreground')}>
                  {user.lastLoginAt ? formatDateTime(user.lastLoginAt, language) : t('never')}
                </td>
                <td className={cellClass}>
                  <UserRowActions
                    user={user}
                    isMe={isMe}
                    pending={pendingUserId === user.id}
                    onSetDisabled={(disabled) => {
                      setDisabled.mutate(
                        { userId: user.id, disabled },
                        {
                          onSuccess: () => {
                            notify.success(t(disabled ? 'disabledDone' : 'enabledDone', { name: user.name }));
                          },
                        },
                      );
                    }}
                    onResetTwoFactor={() => {
                      resetTwoFactor.mutate(
                        { userId: user.id },
                        {
                          onSuccess: () => {
                            notify.success(t('resetTwoFactorDone', { name: user.name }));
                          },
                        },
                      );
                    }}
                  />
                </td>
              </tr>
            );
          }}
        />
      )}

      <FirstPageLoading query={list} text={t('loading')} />

      <ListPagination
        data={data}
        busy={list.isFetching}
        onPage={setPage}
        totalLabel={(count) => t('total', { count })}
        totalId="users-total"
      />
    </section>
  );
}
