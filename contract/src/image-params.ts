import { type Static, Type } from 'typebox';

/**
 * Route parameters of the image calls (spec §7 Images). Apart from contract/images.ts, which the web app
 * imports on its first screen, so that the schema library stays out of the landing page's JavaScript.
 */
export const ImageFileParams = Type.Object({
  directory: Type.String({ minLength: 1, maxLength: 60 }),
  file: Type.String({ maxLength: 300 }),
});
export type ImageFileParams = Static<typeof ImageFileParams>;

export const ImageCategoryParams = Type.Object({
  category: Type.String({ minLength: 1, maxLength: 60 }),
});
export type ImageCategoryParams = Static<typeof ImageCategoryParams>;
