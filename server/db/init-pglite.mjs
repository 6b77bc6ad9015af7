// Creates a PGlite data directory (initdb) and exits. Run in a child process by openPglite: initdb's memory
// (~450 MB) is then returned to the system instead of staying in the server's heap for its lifetime.
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: node init-pglite.mjs <dataDir>');
  process.exit(2);
}
const db = await PGlite.create({ dataDir });
await db.query('SELECT 1');
await db.close();
