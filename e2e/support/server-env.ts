/**
 * The environment of the server the journeys run against. Kept apart from playwright.config.ts (which
 * creates databases as it loads) so a server test can check it: no outside network in the journeys, so
 * the daily central-bank refresh is off and the bank's address is a closed local port.
 */
export function e2eServerEnv(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  logLevel?: string;
}): Record<string, string> {
  return {
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    SIGECE_DEMO: '1',
    LOG_LEVEL: options.logLevel ?? 'warn',
    PUBLIC_URL: `http://localhost:${options.port}`,
    BCV_DAILY: '0',
    BCV_URL: 'http://127.0.0.1:9/',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
}
