import { hasRole, type Role } from '@sentinela/shared/auth-rules';
import { Plus } from 'lucide-react';
import { Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { layoutStrings } from '../lib/i18n/layout-strings';
import { useStrings } from '../lib/i18n/strings';
import { useCurrentUser } from '../lib/use-current-user';
import { Button } from './ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from './ui/tooltip';

interface RoleGatedProps {
  /** The role the control needs (the server enforces the same rule). */
  needs: Role;
  /** Renders the control; `allowed` false means render it disabled. */
  children: (allowed: boolean) => ReactNode;
}

/**
 * A control a role may not use stays visible but disabled, with a tooltip saying why
 * (PRODUCT §2). A disabled control gets no pointer or focus events, so the tooltip hangs on a
 * focusable wrapper, which also carries the reason as text for screen readers.
 */
export function RoleGated({ needs, children }: RoleGatedProps) {
  const t = useStrings(layoutStrings);
  const allowed = hasRole(useCurrentUser(), needs);
  if (allowed) return children(true);
  return (
    <DisabledReason reason={t('requiresRole', { role: t(`role.${needs}`) })} slot="role-gated">
      {children(false)}
    </DisabledReason>
  );
}

/**
 * A disabled control with the reason why as a tooltip and as text for screen readers. A disabled
 * control gets no pointer or focus events, so the tooltip hangs on a focusable wrapper.
 */
export function DisabledReason({
  reason,
  slot,
  children,
}: {
  reason: string;
  /** The wrapper's data-slot. */
  slot?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          tabIndex={0}
          data-slot={slot}
          className="inline-flex rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {children}
          <span className="sr-only">{reason}</span>
        </span>
      </TooltipTrigger>
      <TooltipContent>{reason}</TooltipContent>
    </Tooltip>
  );
}

/** A button a role may not use: RoleGated around it, disabled without the role (and when `disabled`). */
export function RoleGatedButton({
  needs,
  disabled = false,
  ...button
}: ComponentProps<typeof Button> & { needs: Role }) {
  return <RoleGated needs={needs}>{(allowed) => <Button {...button} disabled={!allowed || disabled} />}</RoleGated>;
}

/** A list's "New …" button (a plus, then the label), gated by role like `RoleGatedButton`. */
export function RoleGatedNewButton({
  label,
  ...button
}: Omit<ComponentProps<typeof RoleGatedButton>, 'children'> & { label: string }) {
  return (
    <RoleGatedButton {...button}>
      <Plus aria-hidden />
      {label}
    </RoleGatedButton>
  );
}

/**
 * An outline button, gated by role, that opens a dialog: the dialog renders (and a lazy one
 * loads) on the first click, and `dialog` gets the setter its `onOpenChange` calls.
 */
export function RoleGatedDialogButton({
  needs,
  dialog,
  children,
}: {
  needs: Role;
  dialog: (onOpenChange: (open: boolean) => void) => ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RoleGatedButton needs={needs} variant="outline" onClick={() => setOpen(true)}>
        {children}
      </RoleGatedButton>
      {open && <Suspense fallback={null}>{dialog(setOpen)}</Suspense>}
    </>
  );
}
