import { FIRST_LIST_PICTURES } from '../../shared/first-answers';

/** Rows above the fold on a phone: their pictures load at once (one of them is the list screen's largest paint). */
export const EAGER_ROWS = FIRST_LIST_PICTURES;

/** `loading` and `fetchPriority` of the picture of row `index` (0-based) of a list; later rows load as they come near. */
export const rowImageLoading = (index: number) =>
  index < EAGER_ROWS
    ? ({ loading: 'eager', fetchPriority: index === 0 ? 'high' : 'auto' } as const)
    : ({ loading: 'lazy', fetchPriority: 'auto' } as const);
