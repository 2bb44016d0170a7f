/** The content feature's query keys; every write invalidates contentKeys.all. */
export const contentKeys = {
  all: ['content'] as const,
  list: ['content', 'list'] as const,
  menu: ['content', 'menu'] as const,
  item: (id: number) => ['content', 'item', id] as const,
  search: (title: string) => ['content', 'search', title] as const,
};
