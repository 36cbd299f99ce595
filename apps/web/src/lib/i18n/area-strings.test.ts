import { describe, expect, it } from 'vitest';
import { layoutStrings } from './layout-strings';
import { loginCodeStrings } from '../../features/auth/login-code.strings';
import { loginStrings } from '../../features/auth/login.strings';
import { recoveryCodesStrings } from '../../components/recovery-codes.strings';
import { registerStrings } from '../../features/auth/register.strings';
import { securityStrings } from '../../app/layout/security.strings';
import { setup2faStrings } from '../../features/auth/setup-2fa.strings';
import { usersStrings } from '../../features/users/users.strings';
import { dictionaries } from './dictionaries';

const areas = {
  layoutStrings,
  loginStrings,
  registerStrings,
  setup2faStrings,
  recoveryCodesStrings,
  securityStrings,
  usersStrings,
};

describe('area dictionaries', () => {
  it.each(Object.entries(areas))('%s has the same keys in pt and en, none empty', (_name, strings) => {
    expect(Object.keys(strings.en).sort()).toEqual(Object.keys(strings.pt).sort());
    for (const dict of [strings.pt, strings.en]) {
      for (const text of Object.values<string>(dict)) expect(text.trim()).not.toBe('');
    }
  });

  it("hold the spec's Portuguese strings to the letter", () => {
    const login = loginStrings.pt;
    expect(login.loginSuccess).toBe('Login realizado com sucesso!');
    expect(login.loginFailed).toBe('Erro ao fazer login');
    expect(loginCodeStrings.pt.invalidCode).toBe('Código inválido');
    expect(loginCodeStrings.pt.codeLength).toBe('Digite um código de 6 dígitos');
    expect(loginCodeStrings.pt.smsFailed).toBe('Erro ao enviar SMS');
    expect(loginCodeStrings.pt.smsSent).toBe('Código SMS enviado!');

    const register = registerStrings.pt;
    expect(register.registerSuccess).toBe('Cadastro realizado com sucesso!');
    expect(register.registerFailed).toBe('Erro ao cadastrar');
    expect(register.passwordMismatch).toBe('As senhas não coincidem');
    expect([
      register['rule.length'],
      register['rule.upper'],
      register['rule.lower'],
      register['rule.digit'],
      register['rule.special'],
    ]).toEqual(['Mínimo 8 caracteres', 'Letra maiúscula', 'Letra minúscula', 'Número', 'Caractere especial']);

    const setup = setup2faStrings.pt;
    expect(setup.totpSuccess).toBe('2FA configurado com sucesso!');
    expect(setup.smsSuccess).toBe('2FA via SMS configurado com sucesso!');
    expect(setup.phoneSaved).toBe('Número de telefone configurado!');
    expect(setup.smsSent).toBe('Código SMS enviado!');
    expect(setup.secretCopied).toBe('Chave secreta copiada!');
    expect(setup.invalidCode).toBe('Código inválido');
    expect(setup.codeLength).toBe('Digite um código de 6 dígitos');
    expect(setup.phoneFailed).toBe('Erro ao configurar telefone');
    expect(setup.smsFailed).toBe('Erro ao enviar SMS');
    expect(setup.phoneInvalid).toBe('Número de telefone inválido');
    expect(setup.checking).toBe('Verificando autenticação...');
    expect(setup.continue).toBe('Continuar');
    expect(dictionaries.pt['auth.checking']).toBe('Verificando autenticação...');
  });

  it("hold the spec's English strings and PRODUCT §2b's translations", () => {
    expect(setup2faStrings.en.phoneHint).toBe('+55 for Brazil, +1 for the US, etc.');
    expect(loginStrings.en.loginSuccess).toBe('Signed in successfully!');
    expect(layoutStrings.en.signInRequired).toBe('Please sign in to continue');
    expect(layoutStrings.en.signIn).toBe('Sign in');
    expect(dictionaries.en['user.signOut']).toBe('Sign out');
    expect(dictionaries.pt['user.signOut']).toBe('Sair');
  });
});
