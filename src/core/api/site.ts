import { z } from 'zod';

/** `GET /api/site`: the operator's contact details, and whether sign-up is confirmed by email. */
export const siteSchema = z
  .object({
    contactEmail: z.string(),
    contactPhone: z.string(),
    officeAddress: z.string(),
    accountEmails: z.boolean().describe('Sign-up is confirmed by an emailed link.'),
  })
  .meta({ id: 'Site' });
export type SiteDto = z.infer<typeof siteSchema>;
