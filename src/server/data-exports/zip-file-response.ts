import { z } from 'zod';

export const zipFileResponseSchema = z
  .string()
  .meta({ format: 'binary' })
  .describe('The ZIP archive (application/zip).');
