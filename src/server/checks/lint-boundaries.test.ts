import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

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
    why: 'web-common imports the mobile app',
    file: 'src/web/common/x.ts',
    code: "import { readToken } from '../lib/auth-storage';\nexport const x = readToken;",
  },
  {
    why: 'web-common imports the back office',
    file: 'src/web/common/x.ts',
    code: "import { apiPath } from '../admin/lib/api';\nexport const x = apiPath;",
  },
  {
    why: 'web-common imports antd-mobile',
    file: 'src/web/common/x.tsx',
    code: "import { Button } from 'antd-mobile';\nexport const x = Button;",
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
  // Layers only point down (docs/decisions/026-layers.md): boot → plugins → modules → db and adapters → shared.
  {
    why: 'the database layer imports the services (the demo seed reaching up)',
    file: 'src/server/db/demo/x.ts',
    code: "import { createServices } from '../../services';\nexport const x = createServices;",
  },
  {
    why: 'the database layer imports a module',
    file: 'src/server/db/x.ts',
    code: "import type { CardsService } from '../modules/cards/cards.service';\nexport type X = CardsService;",
  },
  {
    why: 'the database layer imports the configuration',
    file: 'src/server/db/x.ts',
    code: "import { loadConfig } from '../config';\nexport const x = loadConfig;",
  },
  {
    why: 'the database layer imports a plugin',
    file: 'src/server/db/schema/x.ts',
    code: "import { authPlugin } from '../../plugins/auth';\nexport const x = authPlugin;",
  },
  {
    why: 'a plugin imports a module (the actor type from auth)',
    file: 'src/server/plugins/x.ts',
    code: "import type { Actor } from '../modules/auth/auth.service';\nexport type X = Actor;",
  },
  {
    why: 'a plugin imports the services',
    file: 'src/server/plugins/x.ts',
    code: "import type { Services } from '../services';\nexport type X = Services;",
  },
  {
    why: 'an adapter imports the Config type',
    file: 'src/server/adapters/sms/x.ts',
    code: "import type { Config } from '../../config';\nexport type X = Config;",
  },
  {
    why: 'a payment adapter imports the Config type',
    file: 'src/server/adapters/payments/stripe.ts',
    code: "import type { Config } from '../../config';\nexport type X = Config;",
  },
  {
    why: 'an adapter imports a module',
    file: 'src/server/adapters/x.ts',
    code: "import type { PaymentsService } from '../modules/payments/payments.service';\nexport type X = PaymentsService;",
  },
  {
    why: 'an adapter imports a table',
    file: 'src/server/adapters/storage/x.ts',
    code: "import { uploads } from '../../db/schema/uploads';\nexport const x = uploads;",
  },
  {
    why: 'an adapter imports a plugin',
    file: 'src/server/adapters/x.ts',
    code: "import { loggerOptions } from '../plugins/logging';\nexport const x = loggerOptions;",
  },
  {
    why: 'a route imports a plugin',
    file: 'src/server/modules/content/content.routes.ts',
    code: "import { registerCacheControl } from '../../plugins/cache-control';\nexport const x = registerCacheControl;",
  },
  {
    why: 'a service imports the services',
    file: 'src/server/modules/cards/cards.service.ts',
    code: "import type { Services } from '../../services';\nexport type X = Services;",
  },
  {
    why: 'a service imports the app',
    file: 'src/server/modules/cards/cards.service.ts',
    code: "import { buildApp } from '../../app';\nexport const x = buildApp;",
  },
  {
    why: 'a service imports the configuration',
    file: 'src/server/modules/cards/cards.service.ts',
    code: "import type { Config } from '../../config';\nexport type X = Config;",
  },
  {
    why: 'a repository imports start-up',
    file: 'src/server/modules/goods/goods.repository.ts',
    code: "import { loadStartupConfig } from '../../startup';\nexport const x = loadStartupConfig;",
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
    why: 'the back office imports web-common',
    file: 'src/web/admin/components/x.tsx',
    code: "import { useUplot } from '../../common/use-uplot';\nexport const x = useUplot;",
  },
  {
    why: 'the mobile app and a feature import web-common',
    file: 'src/web/features/mall/x.tsx',
    code: "import { useUplot } from '../../common/use-uplot';\nexport const x = useUplot;",
  },
  {
    why: 'web-common imports shared and a package',
    file: 'src/web/common/x.ts',
    code: "import { formatHkd } from '../../shared/money';\nimport { useEffect } from 'react';\nexport const x = [formatHkd, useEffect];",
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
  {
    why: 'the demo market (boot) imports the services and the seed',
    file: 'src/server/demo/x.ts',
    code: "import { createServices } from '../services';\nimport { seedDemo } from '../db/seed';\nexport const x = [createServices, seedDemo];",
  },
  {
    why: 'a route imports its guards and cache policies from http.ts',
    file: 'src/server/modules/content/content.routes.ts',
    code: "import { PUBLIC_CONTENT, requireUser } from '../../http';\nexport const x = [PUBLIC_CONTENT, requireUser];",
  },
  {
    why: 'a plugin imports the actor type from shared',
    file: 'src/server/plugins/x.ts',
    code: "import type { Actor } from '../../shared/actor';\nexport type X = Actor;",
  },
  {
    why: 'an adapter imports another adapter',
    file: 'src/server/adapters/payments/x.ts',
    code: "import { systemClock } from '../clock';\nexport const x = systemClock;",
  },
  {
    why: 'the app imports plugins and modules',
    file: 'src/server/app.ts',
    code: "import { authPlugin } from './plugins/auth';\nimport { contentRoutes } from './modules/content/content.routes';\nexport const x = [authPlugin, contentRoutes];",
  },
  {
    why: "a module's test builds the app",
    file: 'src/server/modules/goods/goods.test.ts',
    code: "import { buildApp } from '../../app';\nexport const x = buildApp;",
  },
];

describe('lint boundaries', () => {
  // The first lint loads ESLint's configuration and plugins: about 10 s on an idle machine, past the 30 s a test gets
  // while the gate runs its other parts beside it. Loaded here, under the hooks' minute.
  beforeAll(() => boundaryErrors('src/shared/x.ts', 'export const x = 1;'));

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
