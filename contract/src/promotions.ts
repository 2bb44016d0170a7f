import { type Static, Type } from 'typebox';
import { BoundedList, NonBlank } from './common';
import {
  PROMOTION_DESCRIPTION_MAX,
  PROMOTION_STATUS_HIDDEN,
  PROMOTION_STATUS_MAX,
  PROMOTION_TITLE_MAX,
} from './promotion-status';

/** Promotions (spec §3, §7 Promotions); the status rules are in promotion-status.ts. */

export const PromotionStatus = Type.Integer({
  minimum: PROMOTION_STATUS_HIDDEN,
  maximum: PROMOTION_STATUS_MAX,
  description: '0 hidden; 1 and above shown, in ascending order in the carousel',
});

/**
 * A picture: a stored file name of the 'promotion' image folder (what POST /api/images/upload answers),
 * an /images/... path or an http(s) URL; '' for none (the default image is shown).
 */
export const PromotionPicture = Type.String({
  maxLength: 300,
  pattern: '^(|[A-Za-z0-9._-]+|/images/[A-Za-z0-9._/-]+|https?://[^\\s"\'<>`]+)$',
  description: "a file name of the 'promotion' image folder, an /images/ path or an http(s) URL",
});

export const Promotion = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  picture: Type.String(),
  status: Type.Integer(),
});
export type Promotion = Static<typeof Promotion>;

/** POST /api/promotions/add. The status is always 1 on creation, whatever the body says. */
export const NewPromotionBody = Type.Object({
  title: NonBlank({ maxLength: PROMOTION_TITLE_MAX }),
  description: NonBlank({ maxLength: PROMOTION_DESCRIPTION_MAX }),
  picture: Type.Optional(PromotionPicture),
});
export type NewPromotionBody = Static<typeof NewPromotionBody>;

/** PUT /api/promotions/{id}: the record as edited; a status may ride along (the id in a body is ignored). */
export const UpdatePromotionBody = Type.Object({
  title: NonBlank({ maxLength: PROMOTION_TITLE_MAX }),
  description: NonBlank({ maxLength: PROMOTION_DESCRIPTION_MAX }),
  picture: Type.Optional(PromotionPicture),
  status: Type.Optional(PromotionStatus),
});
export type UpdatePromotionBody = Static<typeof UpdatePromotionBody>;

/**
 * The status as the query string carries it. Checked by parsePromotionStatus rather than converted, because
 * conversion would read '' as 0 (hiding the promotion) and '1.5' as 1.
 */
export const PromotionStatusQuery = Type.Object({
  status: Type.String({ maxLength: 12, description: '0 hidden; 1 and above shown, in ascending order' }),
});
export type PromotionStatusQuery = Static<typeof PromotionStatusQuery>;

/**
 * The most promotions a list holds: the carousel and the management list, newest first (a network runs tens
 * at a time; old ones are deleted).
 */
export const PROMOTIONS_MAX = 200;
export const PromotionList = BoundedList(Promotion, PROMOTIONS_MAX);
