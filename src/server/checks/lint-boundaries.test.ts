import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer and table-ownership rules of eslint.config.js, tried on code that breaks each one: a rule
 * that silently stops applying (as the per-module no-restricted-imports blocks once did) fails here.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

const forbidden: { why: string; file: string; code: string }[] = [
  {
    why: 'web imports server',
    file: 'src/web/features/mall/x.tsx',
    code: "import { ERROR_CODES } from '../../../server/errors';\nexport const x = ERROR_CODES;",
  },
  {
    why: 'web lib imports server',
    file: 'src/web/lib/x.ts',
    code: "import type { Deps } from '../../server/deps';\nexport type X = Deps;",
  },
  {
    why: 'shared imports server',
    file: 'src/shared/x.ts',
    code: "import { ERROR_CODES } from '../server/errors';\nexport const x = ERROR_CODES;",
  },
  {
    why: 'shared imports web',
    file: 'src/shared/x.ts',
    code: "import * as w from '../web/lib/request';\nexport const x = w;",
  },
  {
    why: 'the back office imports the mobile app',
    file: 'src/web/admin/x.tsx',
    code: "import { readToken } from '../lib/auth-storage';\nexport const x = readToken;",
  },
  {
    why: 'the back office imports a mobile feature',
    file: 'src/web/admin/screens/x.tsx',
    code: "import * as m from '../../features/mall/mall-screen';\nexport const x = m;",
  },
  {
    why: 'the back office imports server code',
    file: 'src/web/admin/x.tsx',
    code: "import { ERROR_CODES } from '../../server/errors';\nexport const x = ERROR_CODES;",
  },
  {
    why: 'the mobile app imports the back office',
    file: 'src/web/app/x.tsx',
    code: "import { AdminApp } from '../admin/app';\nexport const x = AdminApp;",
  },
  {
    why: 'a mobile feature imports the back office',
    file: 'src/web/features/mall/x.tsx',
    code: "import * as a from '../../admin/lib/api';\nexport const x = a;",
  },
  {
    why: 'a web feature imports another',
    file: 'src/web/features/mall/x.tsx',
    code: "import * as a from '../auth/login-screen';\nexport const x = a;",
  },
  {
    why: 'a route imports drizzle-orm',
    file: 'src/server/modules/content/content.routes.ts',
    code: "import { sql } from 'drizzle-orm';\nexport const x = sql`1`;",
  },
  {
    why: 'a route imports a drizzle-orm subpath',
    file: 'src/server/modules/content/content.routes.ts',
    code: "import { eq } from 'drizzle-orm/sql';\nexport const x = eq;",
  },
  {
    why: 'a route imports a schema',
    file: 'src/server/modules/content/content.routes.ts',
    code: "import { banners } from '../../db/schema/content';\nexport const x = banners;",
  },
  {
    why: 'a route imports the schema barrel',
    file: 'src/server/modules/content/content.routes.ts',
    code: "import * as s from '../../db/schema';\nexport const x = s;",
  },
  {
    why: 'a route imports its own repository',
    file: 'src/server/modules/content/content.routes.ts',
    code: "import { createContentRepository } from './content.repository';\nexport const x = createContentRepository;",
  },
  {
    why: "a route imports another module's repository",
    file: 'src/server/modules/content/content.routes.ts',
    code: "import { createAuthRepository } from '../auth/auth.repository';\nexport const x = createAuthRepository;",
  },
  {
    why: "a service imports another module's repository",
    file: 'src/server/modules/collection/collection.service.ts',
    code: "import { createCardsRepository } from '../cards/cards.repository';\nexport const x = createCardsRepository;",
  },
  {
    why: "a service imports another module's read model",
    file: 'src/server/modules/cards/cards.service.ts',
    code: "import { createCollectionReadModel } from '../collection/collection.read-model';\nexport const x = createCollectionReadModel;",
  },
  {
    why: 'a service imports drizzle-orm',
    file: 'src/server/modules/cards/cards.service.ts',
    code: "import { sql } from 'drizzle-orm';\nexport const x = sql;",
  },
  {
    why: 'a service imports a schema',
    file: 'src/server/modules/cards/cards.service.ts',
    code: "import { cards } from '../../db/schema/cards';\nexport const x = cards;",
  },
  {
    why: 'a plugin imports a schema',
    file: 'src/server/plugins/x.ts',
    code: "import { sessions } from '../db/schema/auth';\nexport const x = sessions;",
  },
  {
    why: 'app code imports drizzle-orm',
    file: 'src/server/app.ts',
    code: "import { sql } from 'drizzle-orm';\nexport const x = sql;",
  },
  {
    why: "a repository imports another module's schema",
    file: 'src/server/modules/goods/goods.repository.ts',
    code: "import { cards } from '../../db/schema/cards';\nexport const x = cards;",
  },
  {
    why: 'a repository imports the schema barrel',
    file: 'src/server/modules/goods/goods.repository.ts',
    code: "import { goods } from '../../db/schema';\nexport const x = goods;",
  },
  {
    why: 'a read model reads a table it did not declare',
    file: 'src/server/modules/collection/collection.read-model.ts',
    code: "import { payOrders } from '../../db/schema/pay-orders';\nexport const x = payOrders;",
  },
  {
    why: 'a module without a read model declares one',
    file: 'src/server/modules/goods/goods.read-model.ts',
    code: "import { cards } from '../../db/schema/cards';\nexport const x = cards;",
  },
];

const allowed: { why: string; file: string; code: string }[] = [
  {
    why: 'a web feature imports its own files and lib',
    file: 'src/web/features/mall/x.tsx',
    code: "import * as own from './mall-screen';\nimport * as api from '../../lib/request';\nexport const x = [own, api];",
  },
  {
    why: 'the back office imports shared and its own files',
    file: 'src/web/admin/screens/x.tsx',
    code: "import { formatHkd } from '../../../shared/money';\nimport { call } from '../lib/api';\nexport const x = [formatHkd, call];",
  },
  {
    why: 'web imports shared',
    file: 'src/web/lib/x.ts',
    code: "import { formatHkd } from '../../shared/money';\nexport const x = formatHkd;",
  },
  {
    why: 'a route imports its service',
    file: 'src/server/modules/content/content.routes.ts',
    code: "import type { ContentService } from './content.service';\nexport type X = ContentService;",
  },
  {
    why: "a service imports another module's service",
    file: 'src/server/modules/collection/collection.service.ts',
    code: "import type { CardsService } from '../cards/cards.service';\nexport type X = CardsService;",
  },
  {
    why: 'a repository imports drizzle-orm and its own schema',
    file: 'src/server/modules/goods/goods.repository.ts',
    code: "import { eq } from 'drizzle-orm';\nimport { goods } from '../../db/schema/goods';\nexport const x = [eq, goods];",
  },
  {
    why: 'the collection read model reads the declared owners',
    file: 'src/server/modules/collection/collection.read-model.ts',
    code: "import { users } from '../../db/schema/auth';\nimport { cards } from '../../db/schema/cards';\nimport { themes } from '../../db/schema/catalogue';\nexport const x = [users, cards, themes];",
  },
  {
    why: 'a test arranges rows',
    file: 'src/server/modules/goods/goods.test.ts',
    code: "import { cards } from '../../db/schema';\nexport const x = cards;",
  },
  {
    why: 'database tooling imports the schema',
    file: 'src/server/testing/x.ts',
    code: "import { sql } from 'drizzle-orm';\nimport * as s from '../db/schema';\nexport const x = [sql, s];",
  },
];

describe('lint boundaries', () => {
  it.each(forbidden)('refuses: $why', async ({ file, code }) => {
    expect(await boundaryErrors(file, code)).not.toEqual([]);
  });

  it.each(allowed)('allows: $why', async ({ file, code }) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});

describe('read models', () => {
  const modules = path.join(process.cwd(), 'src/server/modules');
  const readModels = readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.read-model.ts'),
  );

  it('exist (the check below would pass on nothing)', () => {
    expect(readModels).toContain(path.join('collection', 'collection.read-model.ts'));
  });

  // Lint allows a read model to import other owners' tables only because it never writes them.
  it.each(readModels)('%s never writes', (file) => {
    const source = readFileSync(path.join(modules, file), 'utf8');
    expect(source).not.toMatch(
      /\.(insert|update|delete)\s*\(|\b(insert\s+into|update\s+\S+\s+set|delete\s+from|for\s+update)\b/i,
    );
  });
});
