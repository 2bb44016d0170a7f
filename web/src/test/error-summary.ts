/** The problems a form's error summary lists (its 'There is a problem' heading aside), in order. */
export function summaryProblems(summary: HTMLElement): string[] {
  return [...summary.querySelectorAll('li')].map((item) => item.textContent ?? '');
}
