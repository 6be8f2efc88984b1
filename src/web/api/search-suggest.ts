import type { z } from 'zod';
import type { SuggestResultSchema } from '../../shared/schemas/search';
import { get } from '../lib/request';

export type SuggestResult = z.infer<typeof SuggestResultSchema>;

/** GET search/suggest: completions as the user types; quiet, since a failed hint is simply no hint. */
export const suggest = (q: string) => get<SuggestResult>('search/suggest', { q }, { loading: false, quiet: true });
