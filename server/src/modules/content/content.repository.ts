import { CONTENT_LIST_MAX, CONTENT_MENU_MAX } from '@clinic/contract/content';
import type { Database } from '../../db/database';
import { likeContains } from '../../db/like-pattern';

export interface ContentValues {
  title: string;
  content_html: string;
  markdown_source: string;
  font_size: number;
  category: string;
  extra_data: string;
  images: string;
  is_markdown: boolean;
}

export interface ContentFilter {
  title?: string;
  category?: string;
  extraData?: string;
}

const COLUMNS = [
  'id',
  'title',
  'content_html',
  'markdown_source',
  'font_size',
  'category',
  'extra_data',
  'images',
  'is_markdown',
] as const;

export function createContentRepository(db: Database) {
  const base = () => db.selectFrom('contents').select(COLUMNS);

  return {
    list() {
      return base().orderBy('id', 'asc').limit(CONTENT_LIST_MAX).execute();
    },

    findById(id: number) {
      return base().where('id', '=', id).executeTakeFirst();
    },

    /** Case-insensitive "contains" on each given field; all given fields must match. */
    search(filter: ContentFilter) {
      let query = base();
      if (filter.title) query = query.where('title', 'ilike', likeContains(filter.title));
      if (filter.category) query = query.where('category', 'ilike', likeContains(filter.category));
      if (filter.extraData) query = query.where('extra_data', 'ilike', likeContains(filter.extraData));
      return query.orderBy('id', 'asc').limit(CONTENT_LIST_MAX).execute();
    },

    /** What the navigation menus are built from (the service orders them). */
    menuEntries() {
      return db
        .selectFrom('contents')
        .select(['id', 'title', 'category', 'extra_data'])
        .orderBy('id')
        .limit(CONTENT_MENU_MAX)
        .execute();
    },

    insert(values: ContentValues) {
      return db.insertInto('contents').values(values).returning(COLUMNS).executeTakeFirstOrThrow();
    },

    update(id: number, values: ContentValues) {
      return db
        .updateTable('contents')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirst();
    },

    async remove(id: number): Promise<boolean> {
      const result = await db.deleteFrom('contents').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type ContentRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createContentRepository>['findById']>>
>;
