import {
  deviceCredentialInput,
  deviceCredentialProvisionInput,
  deviceCredentialRotateInput,
  deviceCredentialStatusOutput,
  deviceProvisionOutput,
  deviceSecretOutput,
} from '@sentinela/shared/device-credentials';
import type { Context } from '../../trpc/context';
import { adminProcedure, router } from '../../trpc/init';
import type { ChangeCaller } from '../../platform/audit';
import {
  credentialStatus,
  generateCredential,
  provisionCredentials,
  revokeCredentials,
  rotateCredential,
  type CredentialDeps,
} from './device-credentials.service';
import { provisionCsv } from './provision-csv';

type AdminContext = Context & { user: { id: string; email: string } };

const callerOf = (ctx: AdminContext): ChangeCaller => ({ db: ctx.db, actor: ctx.user, origin: ctx.caller });

/** The directory reload after a change; a failure is logged (the directory reloads by itself too). */
const depsOf = (ctx: AdminContext): CredentialDeps => ({
  onChange: async () => {
    try {
      await ctx.deviceCredentialsChanged?.();
    } catch (error) {
      ctx.log.warn({ err: error }, 'device directory reload failed after a credential change');
    }
  },
});

/** Device MQTT credentials (ADR 016), administrators only; every change audited without the secret. */
export const deviceCredentialsRouter = router({
  status: adminProcedure
    .input(deviceCredentialInput)
    .output(deviceCredentialStatusOutput)
    .query(({ ctx, input }) => credentialStatus(ctx.db, input.equipmentId, ctx.auth.now())),
  generate: adminProcedure
    .input(deviceCredentialInput)
    .output(deviceSecretOutput)
    .mutation(({ ctx, input }) => generateCredential(callerOf(ctx), depsOf(ctx), input.equipmentId, ctx.auth.now())),
  rotate: adminProcedure
    .input(deviceCredentialRotateInput)
    .output(deviceSecretOutput)
    .mutation(({ ctx, input }) =>
      rotateCredential(callerOf(ctx), depsOf(ctx), input.equipmentId, input.grace, ctx.auth.now()),
    ),
  revoke: adminProcedure
    .input(deviceCredentialInput)
    .output(deviceCredentialStatusOutput)
    .mutation(({ ctx, input }) => revokeCredentials(callerOf(ctx), depsOf(ctx), input.equipmentId, ctx.auth.now())),
  provision: adminProcedure
    .input(deviceCredentialProvisionInput)
    .output(deviceProvisionOutput)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.auth.now();
      const devices = await provisionCredentials(callerOf(ctx), depsOf(ctx), input, now);
      return provisionCsv(devices, ctx.lang, now);
    }),
});
