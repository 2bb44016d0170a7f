import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { officesQueryKey } from '../features/offices/api/office-keys';
import { createQueryClient } from '../lib/query-client';
import { renderPageDocument } from '../prerender';
import { PAGE_ANSWERS_MARK, PAGE_HTML_MARK } from '../prerendered';
import { officeFixture } from '../test/directory-fixtures';
import { mockFetch } from '../test/fetch-mock';
import { isPageAnswer, pageAnswersScript, readPageAnswers, seedPageAnswers } from './page-answers';

// A page the server renders with its data (docs/decisions/0049): the office list with its offices.
const OFFICES = [
  officeFixture({ officeId: 1, officeName: 'Denver Highlands' }),
  // Text an admin typed: it must not end the answers' <script> nor inject markup.
  officeFixture({ officeId: 2, officeName: 'Austin </script><script>alert(1)</script> <!-- South' }),
];
const ANSWERS = { '/api/office/all': OFFICES };
const TEMPLATE = `<!doctype html><html><head><title>Our Offices</title></head><body><div id="root" data-prerendered="/office">${PAGE_HTML_MARK}</div>${PAGE_ANSWERS_MARK}</body></html>`;

describe('the answers a page carries', () => {
  it('read back exactly as written, whatever the offices hold', () => {
    document.body.innerHTML = `<div id="root"></div>${pageAnswersScript(ANSWERS)}`;
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(readPageAnswers(document)).toEqual(ANSWERS);
  });

  it('are none on a page without them or with a broken block', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readPageAnswers(document)).toBeUndefined();
    document.body.innerHTML = '<script type="application/json" id="page-answers">{"/api/off</script>';
    expect(readPageAnswers(document)).toBeUndefined();
  });

  it('fill the queries that ask for them, and only answers the app knows', () => {
    const client = createQueryClient();
    seedPageAnswers(client, { ...ANSWERS, '/api/patientinfo/all': [{ patientId: 7 }] });
    expect(client.getQueryData(officesQueryKey())).toEqual(OFFICES);
    expect(client.getQueryCache().getAll()).toHaveLength(1);
    expect(isPageAnswer('/api/office/all')).toBe(true);
    expect(isPageAnswer('/api/patientinfo/all')).toBe(false);
  });
});

describe('the office list rendered with its offices', () => {
  it('has every office in its HTML and its answers beside it, without asking the API', async () => {
    const fetch = mockFetch(() => {
      throw new Error('the render asks for nothing');
    });
    const html = await renderPageDocument(TEMPLATE, '/office', ANSWERS);
    expect(fetch).not.toHaveBeenCalled();
    expect(html).not.toContain(PAGE_HTML_MARK);
    expect(html).not.toContain('Loading offices');

    document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
    expect(screen.getByRole('heading', { level: 1, name: 'Our Offices' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Denver Highlands' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: OFFICES[1]?.officeName })).toBeInTheDocument();
    // The first photo is the page's largest paint: loaded at once.
    expect(document.querySelector('main img')).toHaveAttribute('fetchpriority', 'high');
    expect(readPageAnswers(document)).toEqual(ANSWERS);
  });
});
