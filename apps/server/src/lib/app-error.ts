import { errorMessage, errorStatus, type TErrorCode } from '@suite/shared';

/** The one application error type. Routes and services throw it; the error handler maps it. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly details: { path: string; message: string }[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: TErrorCode,
    message?: string,
    opts: { details?: { path: string; message: string }[]; headers?: Record<string, string>; status?: number } = {},
  ) {
    super(message ?? errorMessage(code));
    this.code = code;
    this.status = opts.status ?? errorStatus(code);
    this.details = opts.details;
    this.headers = opts.headers;
  }
}
