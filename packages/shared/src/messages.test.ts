import { describe, expect, it } from 'vitest';
import { parseLanguage } from './language';
import { isServerMessageKey, serverMessages, translateServerMessage } from './messages';

describe('server messages', () => {
  it('has every message in both languages, non-empty and different', () => {
    for (const [key, text] of Object.entries(serverMessages)) {
      expect(text.pt, key).not.toBe('');
      expect(text.en, key).not.toBe('');
      expect(text.pt, key).not.toBe(text.en);
    }
  });

  it('fills parameters and leaves unknown placeholders visible', () => {
    expect(translateServerMessage('error.notFound', 'en', { path: 'x.y' })).toBe('No such procedure: x.y');
    expect(translateServerMessage('error.notFound', 'pt')).toBe('Procedimento não encontrado: {path}');
  });

  it('recognises keys only', () => {
    expect(isServerMessageKey('error.internal')).toBe(true);
    expect(isServerMessageKey('toString')).toBe(false);
  });

  it('falls back to Portuguese for unknown languages', () => {
    expect(parseLanguage('en')).toBe('en');
    expect(parseLanguage('EN')).toBe('pt');
    expect(parseLanguage(undefined)).toBe('pt');
  });
});
