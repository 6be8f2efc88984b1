import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics';

describe('metrics adapter: gauges read at scrape time', () => {
  it('sets each sample, drops labels no longer answered, and counts a failing read without failing the scrape', async () => {
    const errors: string[] = [];
    const m = createMetrics({ defaults: false, onError: (name) => errors.push(name) });
    let answer: { labels: Record<string, string>; value: number }[] = [
      { labels: { drop: 'ci_1' }, value: 3 },
      { labels: { drop: 'ci_2' }, value: 5 },
    ];
    m.registerCollector({ name: 'test_left', help: 'left', labelNames: ['drop'] }, async () => answer);
    // A second registration of the name (services built again, as the demo market does) keeps the first.
    m.registerCollector({ name: 'test_left', help: 'left', labelNames: ['drop'] }, async () => [{ value: 99 }]);
    m.registerCollector({ name: 'test_broken', help: 'broken' }, async () => {
      throw new Error('database away');
    });
    const first = await m.text();
    expect(first).toContain('test_left{drop="ci_1"} 3');
    expect(first).toContain('test_left{drop="ci_2"} 5');
    expect(first).toContain('test_broken 0');
    answer = [{ labels: { drop: 'ci_2' }, value: 4 }];
    const second = await m.text();
    expect(second).not.toContain('drop="ci_1"');
    expect(second).toContain('test_left{drop="ci_2"} 4');
    // Scrapes read every family at once: a failure shows in the counter from the next scrape on.
    expect(second).toContain('trove_metrics_collect_errors_total{collector="test_broken"} 1');
    expect(errors).toEqual(['test_broken', 'test_broken']);
  });

  it('observes a request by route pattern, method and status class', async () => {
    const m = createMetrics({ defaults: false, onError: () => undefined });
    m.observeRequest('/api/card/detail', 'GET', 404, 0.003);
    expect(await m.text()).toContain(
      'trove_http_request_duration_seconds_bucket{le="0.005",route="/api/card/detail",method="GET",status_class="4xx"} 1',
    );
  });
});
