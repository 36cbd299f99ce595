import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogTitle } from './dialog';
import { Sheet, SheetContent, SheetTitle } from './sheet';

afterEach(cleanup);

describe('ModalContent through Dialog and Sheet', () => {
  it('a dialog has its content and a named close button', () => {
    render(
      <Dialog open>
        <DialogContent closeLabel="Close" aria-describedby={undefined}>
          <DialogTitle>Security</DialogTitle>
        </DialogContent>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Security' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' }).className).toContain('top-4 right-4');
  });

  it('a sheet without a close label has no close button', () => {
    render(
      <Sheet open>
        <SheetContent aria-describedby={undefined}>
          <SheetTitle>Menu</SheetTitle>
        </SheetContent>
      </Sheet>,
    );
    expect(screen.getByRole('dialog', { name: 'Menu' }).className).toContain('left-0');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
