import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from './permissions';
import { ROLES, type Role } from './roles';

/**
 * docs/product.md shows the permission table as a role-by-permission grid for readers of the repository; it
 * must say what the code enforces, so a permission added, removed or given to another role fails here until
 * the page says so too.
 */
const PRODUCT_PAGE = path.resolve(import.meta.dirname, '../../docs/product.md');

/** The grid's rows: `| \`name\` | what it allows | ✓ | | ... |`, one cell per role in ROLES order. */
function documentedPermissions(): Record<string, string[]> {
  const rows = readFileSync(PRODUCT_PAGE, 'utf8').matchAll(/^\| `([a-z:-]+)` \|[^|]*\|(.*)\|$/gm);
  return Object.fromEntries(
    [...rows].map(([, name, cells]) => [
      name as string,
      (cells as string)
        .split('|')
        .map((cell, index) => (cell.trim() === '✓' ? ROLES[index] : undefined))
        .filter((role): role is Role => role !== undefined),
    ]),
  );
}

describe('the permission table of docs/product.md', () => {
  it('has a column per role, in the order of ROLES', () => {
    expect(readFileSync(PRODUCT_PAGE, 'utf8')).toContain(`| permission | allows | ${ROLES.join(' | ')} |`);
  });

  it('names every permission with exactly the roles that hold it', () => {
    const expected = Object.fromEntries(
      Object.entries(PERMISSIONS).map(([name, roles]) => [
        name,
        ROLES.filter((role) => (roles as readonly Role[]).includes(role)),
      ]),
    );
    expect(documentedPermissions()).toEqual(expected);
  });
});
