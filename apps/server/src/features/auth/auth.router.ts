import { TRPCError } from '@trpc/server';
import {
  changePasswordInput,
  changePasswordOutput,
  codeInput,
  loginCodeInput,
  loginInput,
  loginOutput,
  meOutput,
  phoneInput,
  recoveryCodesOutput,
  registerInput,
  registerOutput,
  requestPasswordResetInput,
  resetPasswordInput,
  sessionsOutput,
  signedInOutput,
  signOutOtherSessionsOutput,
  smsCodeSentOutput,
  successOutput,
  totpSetupOutput,
  twoFactorEnabledOutput,
} from '@sentinela/shared/auth';
import { NOT_LOGGED_IN_MESSAGE } from '@sentinela/shared/messages';
import { actedBy, auditedChange } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Context } from '../../trpc/context';
import { authenticatedProcedure, publicProcedure, router, signedInProcedure } from '../../trpc/init';
import {
  CHALLENGE_COOKIE,
  clearCookie,
  readCookie,
  SESSION_COOKIE,
  setChallengeCookie,
  setSessionCookie,
} from './auth-cookies';
import { changePassword, sendPasswordChangeSms } from './password-change.service';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { login, resendLoginSms, verifyLogin2FA } from './login.service';
import { replaceRecoveryCodes } from './recovery-codes.service';
import { register } from './register.service';
import {
  createSession,
  deleteOtherSessions,
  deleteSessionById,
  listSessions,
  toSessionUser,
  type NewSession,
} from './sessions.service';
import { savePhoneNumber, sendSetupSms, setupTotp, verifySmsSetup, verifyTotpSetup } from './two-factor.service';

/** Replaces the browser's session (sign-in and 2FA completion rotate it). */
async function startSession(ctx: Context, session: NewSession): Promise<void> {
  if (ctx.session) await deleteSessionById(ctx.db, ctx.session.id);
  setSessionCookie(ctx.req, ctx.res, session.token, session.expiresAt);
}

async function rotateSession(ctx: Context & { user: { id: string } }): Promise<void> {
  await startSession(ctx, await createSession(ctx.db, ctx.user.id, ctx.caller, ctx.auth.now()));
}

/** Ends a 2FA setup (app or SMS): checks the code, then rotates the session id. */
function finishTwoFactorSetup(verify: typeof verifyTotpSetup) {
  return signedInProcedure
    .input(codeInput)
    .output(twoFactorEnabledOutput)
    .mutation(async ({ ctx, input }) => {
      const { recoveryCodes } = await verify(ctx.auth, ctx.caller, ctx.user, input.code);
      await rotateSession(ctx);
      return { success: true as const, recoveryCodes };
    });
}

export const authRouter = router({
  me: publicProcedure.output(meOutput).query(({ ctx }) => (ctx.session ? toSessionUser(ctx.session.user) : null)),

  register: publicProcedure
    .input(registerInput)
    .output(registerOutput)
    .mutation(async ({ ctx, input }) => {
      // An e-mail that has an account gets the same answer without a session (ADR 033).
      const { session } = await register(ctx.auth, ctx.email, ctx.caller, input, ctx.publicUrl);
      if (session) await startSession(ctx, session);
      // The spec's optional token is for non-browser clients; browsers get the httpOnly cookie only.
      return {};
    }),

  login: publicProcedure
    .input(loginInput)
    .output(loginOutput)
    .mutation(async ({ ctx, input }) => {
      const outcome = await login(ctx.auth, ctx.caller, input);
      if (outcome.kind === 'challenge') {
        setChallengeCookie(ctx.req, ctx.res, outcome.challenge.token, outcome.challenge.expiresAt);
        return { twoFactorRequired: true as const, method: outcome.method };
      }
      await startSession(ctx, outcome.session);
      return { user: outcome.user };
    }),

  verifyLogin2FA: publicProcedure
    .input(loginCodeInput)
    .output(signedInOutput)
    .mutation(async ({ ctx, input }) => {
      try {
        const { user, session } = await verifyLogin2FA(
          ctx.auth,
          ctx.caller,
          readCookie(ctx.req, CHALLENGE_COOKIE),
          input.code,
        );
        clearCookie(ctx.req, ctx.res, CHALLENGE_COOKIE);
        await startSession(ctx, session);
        return { user };
      } catch (error) {
        if (
          error instanceof AppError &&
          (error.key === 'auth.challengeVoided' || error.key === 'auth.challengeExpired')
        ) {
          clearCookie(ctx.req, ctx.res, CHALLENGE_COOKIE);
        }
        throw error;
      }
    }),

  setup2FA: signedInProcedure.output(totpSetupOutput).query(({ ctx }) => setupTotp(ctx.auth, ctx.user)),

  verify2FA: finishTwoFactorSetup(verifyTotpSetup),

  setup2FASMS: signedInProcedure
    .input(phoneInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await savePhoneNumber(ctx.auth, ctx.caller, ctx.user, input.phoneNumber);
      return { success: true as const };
    }),

  /** During setup: the code to the saved phone. During a pending SMS sign-in: a resend. */
  sendSMSCode: publicProcedure.output(smsCodeSentOutput).mutation(async ({ ctx }) => {
    if (ctx.session && !ctx.session.user.twoFactorEnabled) {
      const { expiresAt } = await sendSetupSms(ctx.auth, ctx.caller, ctx.session.user);
      return { success: true as const, expiresAt };
    }
    const challenge = readCookie(ctx.req, CHALLENGE_COOKIE);
    if (!challenge) throw new TRPCError({ code: 'UNAUTHORIZED', message: NOT_LOGGED_IN_MESSAGE });
    const { expiresAt } = await resendLoginSms(ctx.auth, ctx.caller, challenge);
    return { success: true as const, expiresAt };
  }),

  verifySMSCode: finishTwoFactorSetup(verifySmsSetup),

  regenerateRecoveryCodes: authenticatedProcedure.output(recoveryCodesOutput).mutation(async ({ ctx }) => {
    const recoveryCodes = await auditedChange(
      ctx.db,
      ctx.caller,
      (tx) => replaceRecoveryCodes(tx, ctx.auth.keys.codes, ctx.user.id, ctx.auth.now()),
      () => ({
        action: 'auth.recoveryCodes.regenerate',
        result: 'success',
        ...actedBy(ctx.user),
      }),
    );
    return { recoveryCodes };
  }),

  sessions: authenticatedProcedure
    .output(sessionsOutput)
    .query(({ ctx }) => listSessions(ctx.db, ctx.user.id, ctx.session.id)),

  signOutOtherSessions: authenticatedProcedure.output(signOutOtherSessionsOutput).mutation(async ({ ctx }) => {
    // Their live streams end now.
    const count = await ctx.streams.after(
      auditedChange(
        ctx.db,
        ctx.caller,
        (tx) => deleteOtherSessions(tx, ctx.user.id, ctx.session.id),
        (removed) => ({
          action: 'auth.sessions.signOutOthers',
          result: 'success',
          ...actedBy(ctx.user),
          details: { count: removed },
        }),
      ),
    );
    return { count };
  }),

  /** The Security dialog's SMS code for a password change (accounts whose second factor is SMS). */
  sendPasswordChangeSMS: authenticatedProcedure.output(smsCodeSentOutput).mutation(async ({ ctx }) => {
    const { expiresAt } = await sendPasswordChangeSms(ctx.auth, ctx.caller, ctx.user);
    return { success: true as const, expiresAt };
  }),

  changePassword: authenticatedProcedure
    .input(changePasswordInput)
    .output(changePasswordOutput)
    // The other sessions' live streams end now.
    .mutation(({ ctx, input }) =>
      ctx.streams.after(changePassword(ctx.auth, ctx.caller, ctx.user, ctx.session.id, input)),
    ),

  /** "Esqueci minha senha": the same answer whether the e-mail has an account or not. */
  requestPasswordReset: publicProcedure
    .input(requestPasswordResetInput)
    .output(successOutput)
    // The link points at PUBLIC_URL when set (a forged Host cannot redirect it), else this request's origin.
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.auth, ctx.email, ctx.caller, input, ctx.publicUrl)),

  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.streams.after(resetPassword(ctx.auth, ctx.caller, input)); // every session of the account ended
      return { success: true as const };
    }),

  logout: signedInProcedure.output(successOutput).mutation(async ({ ctx }) => {
    // Its live streams end now.
    await ctx.streams.after(
      auditedChange(
        ctx.db,
        ctx.caller,
        (tx) => deleteSessionById(tx, ctx.session.id),
        () => ({ action: 'auth.logout', result: 'success', ...actedBy(ctx.user) }),
      ),
    );
    clearCookie(ctx.req, ctx.res, SESSION_COOKIE);
    return { success: true as const };
  }),
});
