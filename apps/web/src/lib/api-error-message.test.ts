import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { apiErrorCode, errorMessage, isUnauthorizedError } from './api-errors';

function serverError(code: string, message: string) {
  return TRPCClientError.from({ error: { code: -32600, message, data: { code, httpStatus: 400 } } });
}

describe('errorMessage', () => {
  it("uses the server's message", () => {
    expect(errorMessage(serverError('BAD_REQUEST', 'Código inválido'), 'Erro ao fazer login')).toBe('Código inválido');
    expect(errorMessage(serverError('TOO_MANY_REQUESTS', 'Aguarde 12 s para pedir outro código.'), 'x')).toBe(
      'Aguarde 12 s para pedir outro código.',
    );
  });

  it('falls back when the server gave no message', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'Erro ao fazer login')).toBe('Erro ao fazer login');
    expect(errorMessage(new TRPCClientError('Unexpected token <'), 'Erro ao cadastrar')).toBe('Erro ao cadastrar');
    expect(errorMessage(serverError('BAD_REQUEST', '  '), 'Erro ao enviar SMS')).toBe('Erro ao enviar SMS');
    expect(errorMessage('oops', 'Erro ao configurar telefone')).toBe('Erro ao configurar telefone');
    expect(errorMessage(undefined, 'Código inválido')).toBe('Código inválido');
  });
});

describe('apiErrorCode / isUnauthorizedError', () => {
  it('reads the tRPC code', () => {
    expect(apiErrorCode(serverError('FORBIDDEN', 'x'))).toBe('FORBIDDEN');
    expect(isUnauthorizedError(serverError('UNAUTHORIZED', 'x'))).toBe(true);
    expect(isUnauthorizedError(serverError('FORBIDDEN', 'x'))).toBe(false);
    expect(isUnauthorizedError(new Error('UNAUTHORIZED'))).toBe(false);
    expect(apiErrorCode(null)).toBeUndefined();
  });
});
