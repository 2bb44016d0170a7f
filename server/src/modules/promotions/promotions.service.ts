import { can } from '@clinic/contract/permissions';
import {
  isShownPromotionStatus,
  PROMOTION_STATUS_HIDDEN,
  PROMOTION_STATUS_MAX,
  PROMOTION_STATUS_ON_CREATE,
  parsePromotionStatus,
} from '@clinic/contract/promotion-status';
import type { NewPromotionBody, Promotion, UpdatePromotionBody } from '@clinic/contract/promotions';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/actor';
import { badRequest, notFound } from '../../platform/errors';
import { createPromotionsRepository, type PromotionRow } from './promotions.repository';

/**
 * Promotions (docs/decisions/0009-promotion-status.md): status 0 is hidden, 1 and above shown in ascending
 * order. The public sees shown promotions only; whoever may manage promotions sees every one.
 */
export function createPromotionsService(ctx: AppContext) {
  const repo = createPromotionsRepository(ctx.db);
  const mayManage = (actor: Actor | null) => can(actor?.role, 'promotion:manage');

  async function existing(id: number): Promise<PromotionRow> {
    const row = await repo.findById(id);
    if (!row) throw notFound('Promotion not found.');
    return row;
  }

  return {
    /** GET /all: the management list for managers (hidden ones included), the shown ones for everyone else. */
    async list(actor: Actor | null): Promise<Promotion[]> {
      const rows = mayManage(actor) ? await repo.listAll() : await repo.listShown();
      return rows.map(toPromotion);
    },

    /** GET /sorted: what the carousel shows, the same for everyone. */
    async carousel(): Promise<Promotion[]> {
      return (await repo.listShown()).map(toPromotion);
    },

    async get(actor: Actor | null, id: number): Promise<Promotion> {
      const row = await repo.findById(id);
      // A hidden promotion does not exist for the public.
      if (!row || (!isShownPromotionStatus(row.status) && !mayManage(actor))) {
        throw notFound('Promotion not found.');
      }
      return toPromotion(row);
    },

    async create(body: NewPromotionBody): Promise<Promotion> {
      const row = await repo.insert(
        {
          title: body.title.trim(),
          description: body.description.trim(),
          picture: body.picture?.trim() ?? '',
        },
        PROMOTION_STATUS_ON_CREATE,
      );
      return toPromotion(row);
    },

    async update(id: number, body: UpdatePromotionBody): Promise<Promotion> {
      await existing(id);
      const row = await repo.update(id, {
        title: body.title.trim(),
        description: body.description.trim(),
        ...(body.picture !== undefined ? { picture: body.picture.trim() } : {}),
        ...(body.status !== undefined ? { status: body.status } : {}),
      });
      if (!row) throw notFound('Promotion not found.');
      return toPromotion(row);
    },

    async setStatus(id: number, statusText: string): Promise<Promotion> {
      const status = parsePromotionStatus(statusText);
      if (status === null) {
        throw badRequest(
          `status must be a whole number from ${PROMOTION_STATUS_HIDDEN} to ${PROMOTION_STATUS_MAX}`,
        );
      }
      const row = await repo.update(id, { status });
      if (!row) throw notFound('Promotion not found.');
      return toPromotion(row);
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.remove(id))) throw notFound('Promotion not found.');
    },
  };
}

export function toPromotion(row: PromotionRow): Promotion {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    picture: row.picture,
    status: row.status,
  };
}
