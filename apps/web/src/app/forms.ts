import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';
import { translateMessage } from './i18n.ts';

/**
 * A resolver from one of the shared schemas of @sigece/fiscal. Those schemas preprocess their input
 * (so zod types it as unknown); the form declares the shape it edits.
 */
export function schemaResolver<TValues extends FieldValues>(schema: unknown): Resolver<TValues> {
  return zodResolver(schema as Parameters<typeof zodResolver>[0]) as unknown as Resolver<TValues>;
}

/**
 * Puts the server's `errors[].path` messages next to their fields. Returns true when at least one
 * field got its message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<string>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const item of error.errors) {
    const field = item.path.split('.')[0];
    if (!fields.includes(field)) continue;
    setError(item.path as Path<T>, {
      type: 'server',
      message: item.message,
    });
    applied = true;
  }
  return applied;
}

/** A field's message, translated when the language is English. */
export function fieldMessage(message: unknown): string | undefined {
  return typeof message === 'string' && message ? translateMessage(message) : undefined;
}
