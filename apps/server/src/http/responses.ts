import { z } from '@sigece/fiscal';

/** The error body of every 4xx/5xx answer. */
export const errorBody = z.object({
  code: z.number(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
} as const;

/** `{ code, message, result }`: the envelope of single-record answers, as the screens read it. */
export function resultBody<T extends z.ZodType>(result: T) {
  return z.object({ code: z.number(), message: z.string(), result });
}

/** The envelope of paged lists (spec: results, totalPages, totalResults; page 1 and 10 rows by default). */
export function pageBody<T extends z.ZodType>(item: T) {
  return z.object({
    code: z.number(),
    results: z.array(item),
    page: z.number(),
    limit: z.number(),
    totalPages: z.number(),
    totalResults: z.number(),
  });
}

export const messageBody = z.object({ code: z.number(), message: z.string() });
