/**
 * The environment `npm start` gives the server: lines for the person at the terminal
 * (LOG_FORMAT=pretty) at the server's own level, info: every refused, failed or slow request shows, as the README says.
 * What the caller set wins: `LOG_LEVEL=warn npm start` for warnings and errors only.
 * @example startEnvOf({ LOG_LEVEL: 'warn' }, '3000') // { LOG_FORMAT: 'pretty', LOG_LEVEL: 'warn', PORT: '3000' }
 */
export function startEnvOf(env, port) {
  return { LOG_FORMAT: 'pretty', ...env, PORT: port };
}
