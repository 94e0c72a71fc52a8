/** npm run db:migrate: applies pending migrations to the configured database (npm start does this too). */
import { loadConfig } from '../config/load.ts';
import { migrate } from './migrate.ts';
import { databaseTarget } from './provider.ts';

const applied = await migrate(databaseTarget(loadConfig()));
console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
