/** The command line itself is wrong (unknown command or flag, missing flag): exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
