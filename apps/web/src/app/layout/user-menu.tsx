import { Suspense, useState } from 'react';
import { SidebarMenu, SidebarMenuItem } from '../../components/ui/sidebar';
import { lazyChunk, prefetchChunk } from '../../lib/lazy-chunk';
import { UserMenuButton, type UserMenuUser } from './user-menu-button';

export type { UserMenuUser };

// The menu (Radix Dropdown Menu, Dialog) is not needed to paint the page: its chunk starts
// loading when the pointer or the focus reaches the button, and the menu mounts on the click.
const dropdown = lazyChunk(() => import('./user-menu-dropdown'));
const UserMenuDropdown = dropdown.Component;
const preloadDropdown = () => {
  prefetchChunk(dropdown);
};

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
  const [wanted, setWanted] = useState(false);
  if (!user) return null;
  const button = (
    <UserMenuButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preloadDropdown}
      onFocus={preloadDropdown}
      onClick={() => {
        setWanted(true);
      }}
    />
  );
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        {wanted ? (
          <Suspense fallback={button}>
            <UserMenuDropdown user={user} defaultOpen onSignOut={onSignOut} />
          </Suspense>
        ) : (
          button
        )}
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
