/**
 * An Intl.DateTimeFormat made on its first use, then kept. The first formatter a page makes loads the
 * browser's locale data: on a phone that was 64 ms of the booking page's start (its modules made theirs as
 * they loaded, though a visitor's page formats no date). A module keeps the getter, not the formatter.
 */
export function lazyDateFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => {
    format ??= new Intl.DateTimeFormat(locale, options);
    return format;
  };
}
