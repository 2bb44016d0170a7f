import type { QueryClient } from '@tanstack/react-query';
import { officesQueryKey } from '../features/offices/api/office-keys';

/**
 * Public API answers a page is rendered with at request time (docs/decisions/0049): the server renders the
 * office list with its offices in the HTML, and the page carries the answers it was rendered from, so that
 * the browser's first render (the hydration) shows the same list without asking for it again.
 */
export type PageAnswers = Readonly<Record<string, unknown>>;

/** The query each answer a page may carry fills, by the API path it was read from. */
const ANSWER_QUERIES: Readonly<Record<string, readonly unknown[]>> = {
  '/api/office/all': officesQueryKey(),
};

/** The id of the page's <script type="application/json"> holding its answers. */
export const PAGE_ANSWERS_ELEMENT_ID = 'page-answers';

/** True when a page may be rendered with the answer at `apiPath` (the build checks its pages' answers). */
export function isPageAnswer(apiPath: string): boolean {
  return Object.hasOwn(ANSWER_QUERIES, apiPath);
}

/** Puts each answer into the query that asks for it; answers the app does not know are left out. */
export function seedPageAnswers(client: QueryClient, answers: PageAnswers | undefined): void {
  for (const [apiPath, data] of Object.entries(answers ?? {})) {
    const key = ANSWER_QUERIES[apiPath];
    if (key && data !== undefined) client.setQueryData(key, data);
  }
}

/** The answers the page in `doc` carries, or none (a prerendered or client-rendered page). */
export function readPageAnswers(doc: Document): PageAnswers | undefined {
  const text = doc.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as PageAnswers) : undefined;
  } catch {
    // A page that cannot be read is rendered from the API, as any other.
    return undefined;
  }
}

/**
 * The answers as the content of a <script type="application/json">: no '<' can end the element or start a
 * comment, whatever text the offices hold (JSON reads \u003c back as '<').
 */
export function pageAnswersScript(answers: PageAnswers): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${json}</script>`;
}
