/**
 * The environment `npm start` gives the server: lines for the person at the terminal
 * (LOG_FORMAT=pretty) at the server's own level, info: every refused, failed or slow request shows, as the README says.
 * What the caller set wins: `LOG_LEVEL=warn npm start` for warnings and errors only.
 * @example startEnvOf({ LOG_LEVEL: 'warn' }, '3000') // { LOG_FORMAT: 'pretty', LOG_LEVEL: 'warn', PORT: '3000' }
 */
export function startEnvOf(env, port) {
  return { LOG_FORMAT: 'pretty', ...env, PORT: port };
}

/**
 * The admin CLI's command as the start banner shows it, told what it must know of this server: the
 * port when it is not the default, and where the admin token is when the data folder was set (the
 * CLI runs without the server's environment, so a copied line must carry it).
 * @example adminCommandOf({ PORT: '3931', DATA_DIR: 'data2' }, '/srv/app/apps/server/data2') // 'PORT=3931 DATA_DIR=/srv/app/apps/server/data2 npm run admin --'
 */
export function adminCommandOf(env, dataDir) {
  const told = [];
  if (env.PORT && env.PORT !== '3000') told.push(`PORT=${env.PORT}`);
  if (env.ADMIN_TOKEN) told.push('ADMIN_TOKEN=…');
  else if (env.DATA_DIR) told.push(`DATA_DIR=${/[\s'"$]/.test(dataDir) ? `'${dataDir.replaceAll("'", `'\\''`)}'` : dataDir}`);
  return [...told, 'npm run admin --'].join(' ');
}

/**
 * The start banner's line on entering a result, for the year of the server's clock.
 * @example resultLineOf('npm run admin --', 2024) // 'a result:    npm run admin -- games 2024, then npm run admin -- finish <id> 2:1 (or score <id> 1:0 for a live score)'
 */
export function resultLineOf(admin, year) {
  return `a result:    ${admin} games ${year}, then ${admin} finish <id> 2:1 (or score <id> 1:0 for a live score)`;
}
