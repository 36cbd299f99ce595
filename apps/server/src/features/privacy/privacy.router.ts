import {
  decidePrivacyRequestOutput,
  listPrivacyRequestsInput,
  listPrivacyRequestsOutput,
  myDataExportOutput,
  myPrivacyOutput,
  privacyRequestIdInput,
  requestDeletionInput,
  requestDeletionOutput,
} from '@sentinela/shared/privacy';
import { adminProcedure, authenticatedProcedure, heavyProcedure, router } from '../../trpc/init';
import { adminReadProcedure } from '../../trpc/procedures';
import { exportMyData, myPrivacy, requestDeletion } from './my-data.service';
import { carryOutPrivacyRequest, listPrivacyRequests, refusePrivacyRequest } from './privacy-requests.service';

/** LGPD (issue 16, ADR 031): every user's own data and deletion request; administrators carry requests out. */
export const privacyRouter = router({
  /** The Segurança dialog (and /privacy): retention periods and one's latest deletion request. */
  mine: authenticatedProcedure.output(myPrivacyOutput).query(({ ctx }) => myPrivacy(ctx.db, ctx.user.id)),
  /** "Exportar meus dados": everything about the caller, as JSON (audited). */
  exportMine: heavyProcedure
    .output(myDataExportOutput)
    .mutation(({ ctx }) => exportMyData(ctx.db, ctx.user, ctx.caller, ctx.auth.now())),
  requestDeletion: authenticatedProcedure
    .input(requestDeletionInput)
    .output(requestDeletionOutput)
    .mutation(({ ctx, input }) => requestDeletion(ctx.db, ctx.user, ctx.caller, input, ctx.auth.now())),
  requests: adminReadProcedure(listPrivacyRequestsInput, listPrivacyRequestsOutput, listPrivacyRequests),
  carryOut: adminProcedure
    .input(privacyRequestIdInput)
    .output(decidePrivacyRequestOutput)
    // The removed person's open pages lose their session at once.
    .mutation(({ ctx, input }) =>
      ctx.streams.after(carryOutPrivacyRequest(ctx.db, ctx.user, ctx.caller, input, ctx.auth.now())),
    ),
  refuse: adminProcedure
    .input(privacyRequestIdInput)
    .output(decidePrivacyRequestOutput)
    .mutation(({ ctx, input }) => refusePrivacyRequest(ctx.db, ctx.user, ctx.caller, input, ctx.auth.now())),
});
