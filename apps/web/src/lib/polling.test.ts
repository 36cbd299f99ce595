import { keepPreviousData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { pollKeepingData } from './polling';

describe('pollKeepingData', () => {
  it('re-reads every interval and keeps the previous answer meanwhile', () => {
    expect(pollKeepingData(10_000)).toEqual({ placeholderData: keepPreviousData, refetchInterval: 10_000 });
  });
});
