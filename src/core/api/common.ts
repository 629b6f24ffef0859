import { z } from 'zod';

/** The `{ message }` every `/api` error answers with. */
export const apiErrorSchema = z.object({ message: z.string() }).meta({ id: 'ApiError' });
export type ErrorBody = z.infer<typeof apiErrorSchema>;

export const idParams = z.object({ id: z.string().min(1).max(200) });

export const okSchema = z.object({ ok: z.literal(true) });
