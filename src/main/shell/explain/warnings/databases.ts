// BA9: warnings about SQL and framework commands that drop, empty or rewrite a database.
import { both, prog, SEG } from './raw';
import { isPipe, run, words, type Rule, type Run } from './rule';

const SQL_CLIENTS = new Set(['psql', 'mysql', 'mariadb', 'sqlite3', 'sqlite', 'sqlcmd', 'duckdb', 'clickhouse', 'clickhouse-client', 'cockroach', 'cqlsh', 'pgcli', 'mycli', 'litecli', 'usql', 'bq', 'snowsql']);
const SQL_CLIENTS_RAW = String.raw`\b(?:psql|mysql|mariadb|sqlite3?|sqlcmd|duckdb|clickhouse(?:-client)?|cockroach|cqlsh|pgcli|mycli|litecli|usql|bq|snowsql)\b`;
const SQL = {
  drop: /\bdrop\s+(?:table|database|schema)\b/i,
  truncate: /\btruncate\s+(?:table\s+)?[\w"`.[]/i,
  // Up to the statement's end: a WHERE in a later statement does not narrow this one.
  deleteAll: /\bdelete\s+from\b(?![^;]*\bwhere\b)/i,
  updateAll: /\bupdate\s+\S+\s+set\b(?![^;]*\bwhere\b)/i,
};

/**
 * The SQL a part may send: the words after a client's name (also `docker exec db psql -c …`), its
 * here-strings, and what `echo`/`printf` pipe into it.
 */
function sqlTexts(r: Run): string[] {
  const at = r.c.argv.findIndex((w) => SQL_CLIENTS.has(w.slice(w.lastIndexOf('/') + 1)));
  if (at < 0) return [];
  const texts = [...r.c.argv.slice(at + 1), ...r.c.redirects.filter((x) => x.op.startsWith('<<')).map((x) => x.target)];
  for (let k = r.i - 1; k >= 0 && isPipe(r.line.separators[k]); k--) {
    const prev = run(r.line, k, r.home);
    if (prev.name === 'echo' || prev.name === 'printf') texts.push(...prev.args);
  }
  return texts;
}

const sends = (re: RegExp) => (r: Run) => sqlTexts(r).some((t) => re.test(t));

const sqlRaw = (re: RegExp): RegExp => both(SQL_CLIENTS_RAW, re.source);

const DB_RESET = /(?:^|\s)(?:\S*\/)?(?:rails|rake)\s(?:.*\s)?db:(?:drop|reset|purge|migrate:reset|schema:load)\b|\bprisma\s+(?:migrate\s+reset|db\s+push\b.*--force-reset)|\bmanage\.py\s+(?:flush|reset_db)\b/;

export const DATABASE_RULES: readonly Rule[] = [
  {
    id: 'sql-drop',
    text: 'Deletes a whole database, schema or table with all the data in it. There is no undo.',
    test: (r) => sends(SQL.drop)(r) || r.name === 'dropdb' || (r.name === 'mysqladmin' && words(r, 'uhPS').includes('drop')),
    raw: new RegExp(`${sqlRaw(SQL.drop).source}|${prog(String.raw`dropdb|mysqladmin${SEG}\sdrop\b`).source}`, 'i'),
  },
  {
    id: 'sql-truncate',
    text: 'Empties a database table, deleting every row in it (TRUNCATE). There is no undo.',
    test: sends(SQL.truncate),
    raw: sqlRaw(SQL.truncate),
  },
  {
    id: 'sql-delete-all',
    text: 'Deletes every row of a database table: this DELETE has no WHERE to pick out which rows. There is no undo.',
    test: sends(SQL.deleteAll),
    raw: sqlRaw(SQL.deleteAll),
  },
  {
    id: 'sql-update-all',
    text: 'Changes every row of a database table: this UPDATE has no WHERE to pick out which rows. The old values are lost.',
    test: sends(SQL.updateAll),
    raw: sqlRaw(SQL.updateAll),
  },
  {
    id: 'db-reset',
    text: "Deletes the project's database and all the data in it (it may then be created again, empty).",
    test: (r) => DB_RESET.test(r.c.argv.join(' ')),
    raw: /(?:\b(?:rails|rake)\b[^;&|\n]*\sdb:(?:drop|reset|purge|migrate:reset|schema:load)\b|\bprisma\s+(?:migrate\s+reset|db\s+push\b[^;&|\n]*--force-reset)|\bmanage\.py\s+(?:flush|reset_db)\b)/,
  },
];
