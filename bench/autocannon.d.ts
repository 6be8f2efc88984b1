// autocannon ships no types: the part bench/search.ts uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: { method?: string; path: string }[];
  }
  interface Result {
    requests: { total: number; average: number };
    non2xx: number;
    errors: number;
  }
  type Instance = EventEmitter & PromiseLike<Result>;
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
