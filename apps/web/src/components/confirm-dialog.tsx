import { Suspense, useState } from 'react';
import { lazyChunk } from '../lib/lazy-chunk';
import type { ConfirmDialogProps } from './confirm-dialog-modal';

// Radix Dialog is not needed to paint a page: the modal loads when a confirmation first opens.
const ConfirmDialogModal = lazyChunk(() => import('./confirm-dialog-modal')).Component;

/** "Are you sure?" before an action that reaches many devices. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogModal {...props} />
    </Suspense>
  );
}
