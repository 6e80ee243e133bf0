import { ConfigError } from '../config.js';
import { DatabaseBehindError } from '../platform/database/database-behind-error.js';
import { DataDirBusyError } from '../platform/database/data-dir-lock.js';
import { ApiError } from '../platform/errors/api-error.js';
import { UsageError } from './usage-error.js';

export interface ErrorReport {
  exitCode: 1 | 2;
  code: string;
  message: string;
  errors?: Record<string, string[]>;
}

/** Domain codes come from the error table; the CLI adds usage_error, config_error, data_dir_busy, database_behind and internal_error. */
export function reportOf(error: unknown): ErrorReport {
  if (error instanceof UsageError) return { exitCode: 2, code: 'usage_error', message: error.message };
  if (error instanceof ApiError) return { exitCode: 1, code: error.code, message: error.message, ...(error.fieldErrors ? { errors: error.fieldErrors } : {}) };
  if (error instanceof ConfigError) return { exitCode: 1, code: 'config_error', message: error.message };
  if (error instanceof DataDirBusyError) return { exitCode: 1, code: 'data_dir_busy', message: error.message };
  if (error instanceof DatabaseBehindError) return { exitCode: 1, code: 'database_behind', message: error.message };
  return { exitCode: 1, code: 'internal_error', message: error instanceof Error ? error.message : String(error) };
}

export function formatErrorText(report: ErrorReport, error: unknown): string {
  // A validation message repeats the first field's message without naming the field; the list below names them all.
  const lines = [report.errors ? 'bazaar: invalid input' : `bazaar: ${report.message}`];
  for (const [field, messages] of Object.entries(report.errors ?? {})) lines.push(`  ${field}: ${messages.join('; ')}`);
  if (report.code === 'usage_error') lines.push('Run "bazaar --help" for usage.');
  if (report.code === 'internal_error' && error instanceof Error && error.stack) lines.push(error.stack);
  return lines.join('\n');
}
