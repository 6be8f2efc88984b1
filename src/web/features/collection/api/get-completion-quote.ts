import type { SetQuote } from '../../../../shared/schemas/set-quote';
import { get } from '../../../lib/request';

/** GET theme/completionQuote: the cheapest way to complete a started theme, payable for 2 minutes (decision 042). */
export const getCompletionQuote = (themeId: string) => get<SetQuote>('theme/completionQuote', { themeId });
