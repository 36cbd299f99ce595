import type { ComponentProps } from 'react';
import { SidebarMenuButton } from '../../components/ui/sidebar';
import { useLanguage } from '../../lib/i18n/language-context';

export interface UserMenuUser {
  name: string;
  email: string;
}

/** The user menu's trigger: avatar initial, name and e-mail. */
export function UserMenuButton({ user, ...props }: { user: UserMenuUser } & ComponentProps<typeof SidebarMenuButton>) {
  const { t } = useLanguage();
  const initial = user.name.trim().charAt(0).toUpperCase() || '?';
  return (
    // Named by what it shows (axe: label-content-name-mismatch), after a hidden prefix. Collapsed,
    // the button is the avatar's size: no padding to clip it (48 px bar, 32 px avatar).
    <SidebarMenuButton className="h-12 group-data-[collapsible=icon]:p-0!" {...props}>
      <span className="sr-only">{`${t('user.menu')}: `}</span>
      <span
        aria-hidden
        data-slot="avatar"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-sidebar-primary text-sm font-semibold text-sidebar-primary-foreground"
      >
        {initial}
      </span>
      <span className="grid min-w-0 flex-1 text-left leading-tight">
        <span className="truncate font-medium">{user.name}</span>
        <span className="truncate text-xs text-sidebar-foreground/70">{user.email}</span>
      </span>
    </SidebarMenuButton>
  );
}
