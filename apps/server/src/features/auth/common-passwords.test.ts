import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

const person = { name: 'Maria Clara Souza', email: 'mclara.souza@example.com' };

describe('isCommonPassword', () => {
  // Each of these passes the spec's rules (8+ characters, upper, lower, digit, special).
  it.each(['Password1!', 'P@ssw0rd', 'Qwerty123!', 'Senha@123', 'Brasil2024!', 'Mudar@123', 'Passw0rd!', 'Welcome1!'])(
    'refuses %s',
    async (password) => {
      expect(await isCommonPassword(password, person)).toBe(true);
    },
  );

  it("refuses the user's own name or e-mail dressed up", async () => {
    expect(await isCommonPassword('Souza#2026', person)).toBe(true);
    expect(await isCommonPassword('Mclara!2026', person)).toBe(true);
    expect(await isCommonPassword('Souza#2026', { name: 'Ana Lima', email: 'ana@example.com' })).toBe(false);
  });

  it.each(['Xk9#mQ2!Lp', 'Turbina#Forte9', 'Sentinela#2026', 'Aa1#aaaa', 'Corrente$Trifasica7'])(
    'accepts %s',
    async (password) => {
      expect(await isCommonPassword(password, person)).toBe(false);
    },
  );
});
