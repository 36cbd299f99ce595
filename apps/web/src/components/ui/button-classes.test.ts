import { describe, expect, it } from 'vitest';
import { cn } from '../../lib/cn';
import { buttonClassName } from './button';
import { ghostIconButtonClass, smallGhostButtonClass } from './button-classes';

const classSet = (classes: string) => new Set(classes.split(/\s+/).filter(Boolean));

describe('plain button classes (no class merging on the sign-in pages)', () => {
  it('give the ghost icon button exactly what Button merges', () => {
    expect(classSet(ghostIconButtonClass)).toEqual(classSet(buttonClassName('ghost', 'icon-sm')));
  });

  it('give the small ghost button narrowed to px-2 exactly what Button merges', () => {
    for (const [weight, color] of [
      ['font-semibold', 'text-foreground'],
      ['font-medium', 'text-muted-foreground'],
    ] as const) {
      expect(classSet(smallGhostButtonClass(weight, color))).toEqual(
        classSet(cn(buttonClassName('ghost', 'sm'), 'px-2', weight, color)),
      );
    }
  });
});
