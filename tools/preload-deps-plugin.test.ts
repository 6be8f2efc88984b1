import { describe, expect, it } from 'vitest';
import { loadedBefore, type ChunkLinks } from './preload-deps-plugin';

const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = [], isEntry = false) => ({
  fileName,
  isEntry,
  imports,
  dynamicImports,
});

describe('loadedBefore', () => {
  const chunks: ChunkLinks[] = [
    chunk('index.js', ['react.js'], ['loaders.js'], true),
    chunk('react.js'),
    chunk('loaders.js', ['helper.js'], ['screen.js']),
    chunk('helper.js'),
    chunk('screen.js', ['react.js', 'helper.js', 'rows.js']),
    chunk('rows.js'),
    chunk('admin.js', ['admin-lib.js'], ['admin-screen.js'], true),
    chunk('admin-lib.js'),
    chunk('admin-screen.js', ['admin-lib.js']),
  ];
  const loaded = loadedBefore(chunks);

  it("counts the entry's and the chunk's own static imports as loaded where an import() runs", () => {
    expect([...loaded.get('loaders.js')!].sort()).toEqual(['helper.js', 'index.js', 'loaders.js', 'react.js']);
  });

  it("never counts another entry's files", () => {
    expect(loaded.get('admin-screen.js')!.has('react.js')).toBe(false);
    expect(loaded.get('admin-screen.js')!.has('admin-lib.js')).toBe(true);
  });

  it('counts only what every entry reaching a chunk loads', () => {
    const shared = loadedBefore([...chunks, chunk('both.js'), chunk('x.js', [], ['both.js'], true)]);
    expect(shared.get('both.js')!.has('react.js')).toBe(false);
  });
});
