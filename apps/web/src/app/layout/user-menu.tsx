import { LogOut, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Dialog } from '../../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from '../../components/ui/sidebar';
import { useLanguage } from '../../lib/i18n/language-context';
import { layoutStrings } from '../../lib/i18n/layout-strings';
import { useStrings } from '../../lib/i18n/strings';

// Loaded when first opened: most visits never open it.
const SecurityDialogContent = lazy(() => import('./security-dialog'));

export interface UserMenuUser {
  name: string;
  email: string;
}

interface UserMenuProps {
  /** The signed-in user; nothing renders without one. */
  user: UserMenuUser | null;
  onSignOut?: () => void;
}

/**
 * The sidebar's bottom slot: avatar initial, name, e-mail, 'Segurança' (recovery codes and
 * sessions) and 'Sair' (spec §2; PRODUCT §2).
 */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const { t } = useLanguage();
  const tLayout = useStrings(layoutStrings);
  const [securityOpen, setSecurityOpen] = useState(false);
  if (!user) return null;
  const initial = user.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            {/* Named by what it shows (axe: label-content-name-mismatch), after a hidden prefix. */}
            {/* Collapsed, the button is the avatar's size: no padding to clip it (48 px bar, 32 px avatar). */}
            <SidebarMenuButton className="h-12 group-data-[collapsible=icon]:p-0!">
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
          </DropdownMenuTrigger>
          <DropdownMenuContent side="top" align="start" className="w-56">
            <DropdownMenuItem
              onSelect={() => {
                setSecurityOpen(true);
              }}
            >
              <ShieldCheck aria-hidden />
              {tLayout('security')}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onSignOut}>
              <LogOut aria-hidden />
              {t('user.signOut')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        <Dialog open={securityOpen} onOpenChange={setSecurityOpen}>
          {securityOpen && (
            <Suspense fallback={null}>
              <SecurityDialogContent email={user.email} />
            </Suspense>
          )}
        </Dialog>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
