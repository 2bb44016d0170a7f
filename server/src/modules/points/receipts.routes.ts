import { PointsBankIdParams, ReceiptList } from '@clinic/contract/receipts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { auditPatient } from '../../platform/audit';
import { createReceiptsService } from './receipts.service';

const tags = ['points'];

/** The receipts read the booking form needs for vouchers (spec §7 Receipts); the rest comes with rewards. */
export const receiptRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createReceiptsService(ctx);

  app.get(
    '/api/receipts/pointsBank/:id',
    {
      schema: { tags, params: PointsBankIdParams, response: { 200: ReceiptList } },
      config: {
        access: ['points:read:any', 'points:read:own'],
        audit: { action: 'read', resource: 'receipt' },
      },
    },
    async (request) => {
      const { patientId, receipts } = await service.listByBank(requireActor(request), request.params.id);
      auditPatient(request, patientId);
      return receipts;
    },
  );
};
