import { describe, expect, it } from 'vitest';
import { StatementNames } from './prepared-statements';

describe('StatementNames', () => {
  it('names a text once it has been sent often enough, the same name each time', () => {
    const names = new StatementNames(10, 3);
    expect(names.nameOf('select 1')).toBeUndefined();
    expect(names.nameOf('select 1')).toBeUndefined();
    const name = names.nameOf('select 1');
    expect(name).toMatch(/^s[\w-]{24}$/);
    expect(names.nameOf('select 1')).toBe(name);
    expect(new StatementNames(10, 1).nameOf('select 1')).toBe(name);
  });

  it('different texts get different names', () => {
    const names = new StatementNames(10, 1);
    expect(names.nameOf('select 1')).not.toBe(names.nameOf('select 2'));
  });

  it('names at most its maximum of texts; the rest stay unprepared, the named ones stay named', () => {
    const names = new StatementNames(2, 1);
    const first = names.nameOf('select 1');
    names.nameOf('select 2');
    expect(names.nameOf('select 3')).toBeUndefined();
    expect(names.nameOf('select 3')).toBeUndefined();
    expect(names.size).toBe(2);
    expect(names.nameOf('select 1')).toBe(first);
  });

  it('never names a statement whose result follows the table (every column), but does count(*)', () => {
    const names = new StatementNames(10, 1);
    expect(names.nameOf('select * from "users" where "id" = $1')).toBeUndefined();
    expect(names.nameOf('select "found".* from "found"')).toBeUndefined();
    expect(names.nameOf('insert into "t" ("a") values ($1) returning *')).toBeUndefined();
    expect(names.nameOf('select count(*) as "n" from "ratings"')).toBeDefined();
    expect(names.nameOf('select "id", "name" from "offices" where "id" = $1')).toBeDefined();
  });
});
