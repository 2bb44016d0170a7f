-- A content page written in Markdown keeps its source beside the sanitised HTML rendered from it, so
-- that the editor can open the Markdown again (docs/decisions/0010-content-pages.md). '' for pages
-- written as rich text.
alter table contents add column markdown_source text not null default '';
