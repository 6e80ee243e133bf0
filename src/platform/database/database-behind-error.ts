/** A command that only reads refuses a database older than the code rather than migrating it. */
export class DatabaseBehindError extends Error {
  constructor(readonly unapplied: string[]) {
    const which = unapplied.length === 1 ? `migration ${unapplied[0]} is` : `${unapplied.length} migrations are (${unapplied[0]} to ${unapplied.at(-1)})`;
    super(`The database is behind this version of Bazaar: ${which} not applied. npm start applies them, and so does any command that writes.`);
    this.name = 'DatabaseBehindError';
  }
}
