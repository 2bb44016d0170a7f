-- Sign-in throttling shared by every app instance (issue 12, item 6; docs/decisions/0033).
-- One row per throttled thing: a username from one address ('pair'), a username from anywhere ('account'), or an
-- address trying any username ('address'). Each failure increments the row in one statement (insert ... on conflict),
-- so concurrent instances never lose a count; the delay doubles per failure beyond a free allowance, capped.
create table sign_in_failures (
  scope text not null check (scope in ('pair', 'account', 'address')),
  key text not null check (length(key) between 1 and 400),
  failures integer not null check (failures >= 1),
  last_failure_at timestamptz not null,
  blocked_until timestamptz not null,
  primary key (scope, key)
);
create index sign_in_failures_last_idx on sign_in_failures (last_failure_at);

-- Addresses an account has signed in from successfully: the account-wide and address-wide throttles do not hold
-- back a (username, address) pair that is known to work, so neither a distant guesser nor a sprayer sharing the
-- clinic's address can lock staff or patients out of their own accounts.
create table sign_in_known_addresses (
  username text not null check (length(username) between 1 and 100),
  address text not null check (length(address) between 1 and 100),
  last_success_at timestamptz not null,
  primary key (username, address)
);
create index sign_in_known_addresses_last_idx on sign_in_known_addresses (last_success_at);
