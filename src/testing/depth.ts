/**
 * How far the long checks go. `npm test` runs every test, with input counts a contributor can wait for; the gate's
 * PGlite run is `npm run test:full` (TROVE_TEST_FULL=1): the same tests with their full counts (the market
 * property's 1 000 sequences, the fuzz's 100 inputs per operation, the 10 000-pack simulations). README, "Tests".
 */
export const FULL_DEPTH = process.env.TROVE_TEST_FULL === '1';

/** `quick` under `npm test`, `full` under `npm run test:full`. */
export const depth = (quick: number, full: number): number => (FULL_DEPTH ? full : quick);
