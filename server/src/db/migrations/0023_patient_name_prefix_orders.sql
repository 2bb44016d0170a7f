-- Patient search shows the patients whose last or first name starts with the term first, in name order
-- (issue 13). A common start ('smi': 6,667 Smiths among 200,000 patients) was found through the trigram index
-- and every match sorted (17 ms of the database's time per search, p97.5 95 ms under load). These indexes
-- hold the names in byte order ("C", the order in which a prefix is one range whatever the database's
-- collation), so the first 50 of a prefix are read straight off an index range.
create index patients_last_name_prefix_order_idx
  on patients ((lower(last_name) collate "C"), (lower(first_name) collate "C"), id);
create index patients_first_name_prefix_order_idx
  on patients ((lower(first_name) collate "C"), (lower(last_name) collate "C"), id);
