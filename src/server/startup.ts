import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';

/** Parses the environment once; a bad variable ends the process with its name (exit 1), never a stack trace. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

/** Opens the configured database: PostgreSQL at DATABASE_URL, otherwise embedded PGlite under DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR });
}
