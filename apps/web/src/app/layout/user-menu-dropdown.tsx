import { Bell, LogOut, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Dialog } from '../../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useLanguage } from '../../lib/i18n/language-context';
import { layoutStrings } from '../../lib/i18n/layout-strings';
import { useStrings } from '../../lib/i18n/strings';
import { UserMenuButton, type UserMenuUser } from './user-menu-button';

// Loaded when first opened: most visits never open it.
const SecurityDialogContent = lazy(() => import('./security-dialog'));
const NotificationsDialogContent = lazy(() => import('./notifications-dialog'));

interface UserMenuDropdownProps {
  user: UserMenuUser;
  /** Open as it mounts: the click that asked for this chunk. */
  defaultOpen: boolean;
  onSignOut?: () => void;
}

/** The user menu itself (Radix Dropdown Menu) and its 'Segurança' and 'Notificações' dialogs: its own chunk, loaded when first wanted. */
export default function UserMenuDropdown({ user, defaultOpen, onSignOut }: UserMenuDropdownProps) {
  const { t } = useLanguage();
  const tLayout = useStrings(layoutStrings);
  const [securityOpen, setSecurityOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <UserMenuButton user={user} />
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
          <DropdownMenuItem
            onSelect={() => {
              setNotificationsOpen(true);
            }}
          >
            <Bell aria-hidden />
            {tLayout('notifications')}
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
      <Dialog open={notificationsOpen} onOpenChange={setNotificationsOpen}>
        {notificationsOpen && (
          <Suspense fallback={null}>
            <NotificationsDialogContent
              onDone={() => {
                setNotificationsOpen(false);
              }}
            />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}
