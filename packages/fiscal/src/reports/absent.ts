/** Query values a screen sends for "not set": missing, null, '' and the text 'undefined'. */
export const absentToUndefined = (v: unknown): unknown =>
  v === undefined || v === null || (typeof v === 'string' && (v.trim() === '' || v === 'undefined'))
    ? undefined
    : v;
