import { DataDirBusyError } from '../platform/database/data-dir-lock.js';
import type { Mailbox } from '../messaging/mailbox.js';

/** Longer than a local server takes to read twenty rows, short enough not to leave a developer waiting. */
const TIMEOUT_MS = 5000;

/**
 * The dev mailbox of the server that holds the embedded data directory, read over HTTP at the
 * address it wrote in the lock file: the CLI cannot open the directory beside it. A server whose
 * mailbox is off, or that does not answer, leaves the refusal standing, with the reason added.
 */
export async function serverMailbox(refused: DataDirBusyError, serverUrl: string, to: string): Promise<Mailbox> {
  const url = `${serverUrl}/dev/mailbox?to=${encodeURIComponent(to)}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new DataDirBusyError(`${refused.message} Its dev mailbox at ${serverUrl} did not answer (${reason}).`);
  }
  if (response.status === 404) {
    throw new DataDirBusyError(`${refused.message} Its dev mailbox is off (start it with DEV_MAILBOX=1 to read messages beside it).`);
  }
  if (!response.ok) throw new DataDirBusyError(`${refused.message} Its dev mailbox answered ${response.status}.`);
  return (await response.json()) as Mailbox;
}
