import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';

/** The answer every API call gives (seed §7): success is code 200 with `data`. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.literal(200), msg: z.string(), data });

export const ErrorEnvelopeSchema = z.object({ code: z.number().int(), msg: z.string(), data: z.null() });

/** Paging for every list endpoint (PRODUCT.md §6). */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** `?id=` of a detail endpoint. */
export const IdQuerySchema = z.object({ id: z.string().min(1).max(64) });
